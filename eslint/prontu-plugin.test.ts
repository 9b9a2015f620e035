import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import prontu from './prontu-plugin.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** A src folder of its own: the rules resolve imports to files and read them to find cycles. */
const root = mkdtempSync(path.join(tmpdir(), 'prontu-lint-'));
const srcDir = path.join(root, 'src');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  'shared/lib/dates.ts': "export const today = () => '2025-01-01';\n",
  'shared/records/record.ts': "import { today } from '../lib/dates';\nexport const made = today;\n",
  'shared/records/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
  'shared/records/b.ts': "import { type A } from './a';\nexport type B = { a?: A };\n",
  'server/db/database.ts': "import { steps } from '../steps/steps';\nexport const db = steps;\n",
  'server/steps/steps.ts':
    "export const steps = () => import('@server/db/database');\nexport const none = 0;\n",
  'web/app/router.tsx': "import { Chat } from '../features/chat/chat';\nexport const r = Chat;\n",
  'web/features/chat/chat.tsx': 'export const Chat = 1;\n',
  'web/features/chat/chat-list.tsx': "import { Chat } from './chat';\nexport const l = Chat;\n",
  'web/features/record/record.tsx': 'export const Record = 1;\n',
  'web/components/receitas/receita.tsx': 'export const Receita = 1;\n',
  'web/ui/button.tsx': 'export const Button = 1;\n',
  'web/data/api.ts': 'export const api = 1;\n',
  'web/testing/render.tsx': 'export const render = 1;\n',
};
for (const [file, text] of Object.entries(FILES)) {
  mkdirSync(path.dirname(path.join(srcDir, file)), { recursive: true });
  writeFileSync(path.join(srcDir, file), text);
}

/** A case on one of the files above, with its text as written there. */
const onFile = (file: string) => ({
  code: FILES[file] ?? '',
  filename: path.join(srcDir, file),
  options: [{ srcDir }],
});
/** A case on a file of the src folder with the given text. */
const inFile = (file: string, code: string) => ({
  code,
  filename: path.join(srcDir, file),
  options: [{ srcDir }],
});

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});
const rule = (name: string): Rule.RuleModule => {
  const found = prontu.rules?.[name];
  if (!found) throw new Error(`no rule ${name}`);
  return found;
};

ruleTester.run('prontu/no-import-cycle', rule('no-import-cycle'), {
  valid: [
    onFile('shared/records/record.ts'),
    onFile('web/app/router.tsx'),
    inFile('shared/lib/other.ts', "import { today } from './dates';"),
  ],
  invalid: [
    {
      ...onFile('shared/records/a.ts'),
      errors: [
        {
          message:
            'Import cycle: shared/records/a.ts → shared/records/b.ts → shared/records/a.ts. Move what both need into the file that owns it or a new one.',
        },
      ],
    },
    { ...onFile('shared/records/b.ts'), errors: 1 },
    // An alias and a dynamic import close a cycle as well.
    {
      ...onFile('server/steps/steps.ts'),
      errors: [
        {
          message:
            'Import cycle: server/steps/steps.ts → server/db/database.ts → server/steps/steps.ts. Move what both need into the file that owns it or a new one.',
        },
      ],
    },
  ],
});

const SHARED = 'src/shared is pure: no I/O, no server or web code. It may import only src/shared.';
const LIB =
  'src/shared is pure: no I/O, no server or web code. src/shared/lib is the base of src/shared: it may import only src/shared/lib.';
const FEATURE =
  'The web app talks to the server only over HTTP. It may import src/shared and src/web; a feature may import only itself, components, data and ui — not another feature nor app (move what two features need down into components, data or ui).';

ruleTester.run('prontu/layers', rule('layers'), {
  valid: [
    onFile('shared/records/record.ts'),
    onFile('web/app/router.tsx'),
    onFile('web/features/chat/chat-list.tsx'),
    inFile('web/features/chat/chat-view.tsx', "import { Button } from '@web/ui/button';"),
    inFile(
      'web/features/chat/chat-view.tsx',
      "import { Receita } from '../../components/receitas/receita';",
    ),
    inFile('web/components/receitas/list.tsx', "import { api } from '../../data/api';"),
    inFile('server/app.ts', "import { made } from '@shared/records/record';\nimport 'node:fs';"),
    // A test may set a screen up from any layer of the web app, not from the server.
    inFile('web/features/chat/chat.test.tsx', "import { Record } from '../record/record';"),
    inFile('web/data/api.integration.test.ts', "import { db } from '@server/db/database';"),
  ],
  invalid: [
    {
      ...inFile('web/features/chat/chat-view.tsx', "import { r } from '../../app/router';"),
      errors: [{ message: FEATURE }],
    },
    {
      ...inFile(
        'web/features/chat/chat-view.tsx',
        "import { Record } from '@web/features/record/record';",
      ),
      errors: [{ message: FEATURE }],
    },
    {
      ...inFile('shared/records/view.ts', "import { Chat } from '@web/features/chat/chat';"),
      errors: [{ message: SHARED }],
    },
    {
      ...inFile('shared/records/file.ts', "import { readFile } from 'node:fs/promises';"),
      errors: [{ message: SHARED }],
    },
    {
      ...inFile('shared/lib/made.ts', "export { made } from '../records/record';"),
      errors: [{ message: LIB }],
    },
    {
      ...inFile(
        'shared/records/view.ts',
        "export type C = import('@web/features/chat/chat').Chat;",
      ),
      errors: [{ message: SHARED }],
    },
    // Shared purity holds in tests too.
    {
      ...inFile('shared/records/record.test.ts', "import { db } from '@server/db/database';"),
      errors: [{ message: SHARED }],
    },
    {
      ...inFile('web/ui/card.tsx', "import { api } from '../data/api';"),
      errors: [
        {
          message:
            'The web app talks to the server only over HTTP. It may import src/shared and src/web; src/web/ui may import only ui.',
        },
      ],
    },
    {
      ...inFile('web/data/records.ts', "import { db } from '@server/db/database';"),
      errors: 1,
    },
    {
      ...inFile('clinical/engine.ts', "import { api } from '@web/data/api';"),
      errors: 1,
    },
    {
      ...inFile('server/web-app.ts', "import { r } from '@web/app/router';"),
      errors: 1,
    },
  ],
});
