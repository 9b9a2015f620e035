/**
 * Prontu's own lint rules: the code map of docs/architecture.md ("Camadas") enforced on every
 * import, and no import cycles in src/.
 *
 * Both rules resolve a specifier the way tsconfig.json does: relative paths, and the aliases
 * `@shared/…`, `@clinical/…`, `@server/…`, `@web/…` into the folders of the same name, trying
 * `.ts`, `.tsx` and `index.ts(x)`. Packages and `node:*` are not files of src/.
 */
import fs from 'node:fs';
import path from 'node:path';

const ALIASES = ['shared', 'clinical', 'server', 'web'];
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The folder of the code under lint: `<cwd>/src` unless a rule's options say otherwise. */
const srcDirOf = (context) => context.options[0]?.srcDir ?? path.join(context.cwd, 'src');

const isFile = (file) => {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * Where a specifier points inside src: the path it names (without extension) or null for a
 * package. `file` is set when it names an existing file.
 */
function resolveSpecifier(specifier, importer, srcDir) {
  const bare = specifier.split('?')[0];
  let base = null;
  if (bare.startsWith('.')) base = path.resolve(path.dirname(importer), bare);
  else {
    const alias = ALIASES.find((name) => bare === `@${name}` || bare.startsWith(`@${name}/`));
    if (alias) base = path.join(srcDir, alias, bare.slice(alias.length + 1));
  }
  if (base === null) return null;
  for (const extension of EXTENSIONS) {
    if (isFile(base + extension)) return { path: base + extension, file: base + extension };
  }
  return { path: base, file: null };
}

// --- Module graph -----------------------------------------------------------------------------

/**
 * The specifiers a file imports, found by a scan of its text rather than a parse: every file of
 * src is read once per lint process, and a regular expression is enough for import/export-from
 * statements and dynamic `import('…')`, type-only ones included (they tie the files together
 * for the compiler and for whoever reads them).
 */
const STATIC_IMPORT =
  /\b(?:import|export)\s*(?:type\b\s*)?(?:[^'";]*?\bfrom\s*)?['"]([^'"\n]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

function scanSpecifiers(text) {
  const specifiers = [];
  for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of text.matchAll(pattern)) specifiers.push(match[1]);
  }
  return specifiers;
}

function listSourceFiles(dir, files = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listSourceFiles(full, files);
    else if (/\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

/**
 * The graph of file imports within a src folder and its strongly connected components: two
 * files import each other, directly or not, exactly when they share a component. Built once per
 * src folder and lint process; a lint run reads every file anyway.
 */
const graphs = new Map();

function graphOf(srcDir) {
  let graph = graphs.get(srcDir);
  if (graph) return graph;
  const edges = new Map();
  for (const file of listSourceFiles(srcDir)) {
    const targets = new Set();
    for (const specifier of scanSpecifiers(fs.readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(specifier, file, srcDir)?.file;
      if (target) targets.add(target);
    }
    edges.set(file, [...targets]);
  }
  graph = { edges, component: stronglyConnectedComponents(edges) };
  graphs.set(srcDir, graph);
  return graph;
}

/** Tarjan's algorithm, iterative so that a deep import chain cannot overflow the stack. */
function stronglyConnectedComponents(edges) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const component = new Map();
  let counter = 0;
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const work = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const id = frame.node;
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.set(member, id);
        } while (member !== frame.node);
      }
    }
  }
  return component;
}

/** The shortest import chain from `from` to `to`, both in the same component. */
function shortestPath(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  const component = graph.component.get(from);
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const target of graph.edges.get(node) ?? []) {
      if (previous.has(target) || graph.component.get(target) !== component) continue;
      previous.set(target, node);
      queue.push(target);
    }
  }
  const chain = [];
  for (let node = to; node !== null && node !== undefined; node = previous.get(node)) {
    chain.unshift(node);
  }
  return chain;
}

/** Calls `check(node, specifier)` for every import, export-from and dynamic import of a file. */
function importVisitors(check) {
  const visit = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
    // A type written `import('…').Name`.
    TSImportType: (node) => {
      const literal = node.argument?.literal;
      if (literal && typeof literal.value === 'string') check(literal, literal.value);
    },
  };
}

const OPTIONS_SCHEMA = [
  {
    type: 'object',
    properties: { srcDir: { type: 'string' } },
    additionalProperties: false,
  },
];

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Files of src/ must not import each other in a cycle.' },
    schema: OPTIONS_SCHEMA,
    messages: {
      cycle:
        'Import cycle: {{cycle}}. Move what both need into the file that owns it or a new one.',
    },
  },
  create(context) {
    const srcDir = srcDirOf(context);
    const importer = context.filename;
    if (!importer.startsWith(srcDir + path.sep)) return {};
    const graph = graphOf(srcDir);
    const component = graph.component.get(importer);
    if (component === undefined) return {};
    const name = (file) => path.relative(srcDir, file).split(path.sep).join('/');
    return importVisitors((node, specifier) => {
      const target = resolveSpecifier(specifier, importer, srcDir)?.file;
      if (!target || graph.component.get(target) !== component) return;
      const cycle = [importer, ...shortestPath(graph, target, importer)].map(name).join(' → ');
      context.report({ node, messageId: 'cycle', data: { cycle } });
    });
  },
};

// --- Layers -----------------------------------------------------------------------------------

/**
 * The zone of a path inside src: the top folder, and inside src/web its layer (each feature is
 * its own zone). Null outside src.
 */
function zoneOf(file, srcDir) {
  const relative = path.relative(srcDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second, third] = relative.split(path.sep);
  if (top === 'shared') return second === 'lib' ? 'shared/lib' : 'shared';
  if (top !== 'web') return top;
  if (second === 'features' && third !== undefined) return `web/features/${third}`;
  if (['app', 'components', 'data', 'ui', 'testing'].includes(second)) return `web/${second}`;
  return 'web';
}

const SHARED_MESSAGE = 'src/shared is pure: no I/O, no server or web code.';
const WEB_MESSAGE = 'The web app talks to the server only over HTTP.';

const isTestFile = (relative) => /\.(test|testing)\.tsx?$/.test(relative);
/** Web files written for tests: they may reach across the layers of src/web to set a screen up. */
const isWebTestFile = (relative) => isTestFile(relative) || relative.startsWith('web/testing/');
/** Tests of browser code that run it against the real server. */
const isWebServerTestFile = (relative) => /\.(integration\.test|testing)\.tsx?$/.test(relative);

/**
 * What a file of a zone may import: `allows(targetZone)`, and the message when it may not.
 * `node` says whether Node's built-in modules are allowed.
 */
function policyOf(zone, relative) {
  const isShared = (target) => target === 'shared' || target === 'shared/lib';
  const isWeb = (target) => target === 'web' || target.startsWith('web/');
  if (zone === 'shared/lib') {
    return {
      node: false,
      // A test of the base may take its examples from the domains above it, still pure.
      allows: (target) => target === 'shared/lib' || (isTestFile(relative) && isShared(target)),
      message: `${SHARED_MESSAGE} src/shared/lib is the base of src/shared: it may import only src/shared/lib.`,
    };
  }
  if (zone === 'shared') {
    return {
      node: false,
      allows: isShared,
      message: `${SHARED_MESSAGE} It may import only src/shared.`,
    };
  }
  if (zone === 'clinical') {
    return {
      node: true,
      allows: (target) => isShared(target) || target === 'clinical',
      message:
        'src/clinical must not depend on the server or the web app: it may import src/shared and src/clinical.',
    };
  }
  if (zone === 'server') {
    return {
      node: true,
      allows: (target) => !isWeb(target),
      message:
        'The server must not import the web app: it may import src/shared, src/clinical and src/server.',
    };
  }
  if (zone === null || !isWeb(zone)) return null;

  const webOnly = (allowedLayers, said) => ({
    node: isWebServerTestFile(relative),
    allows: (target) => {
      if (isShared(target)) return true;
      if (!isWeb(target)) return isWebServerTestFile(relative);
      return isWebTestFile(relative) || allowedLayers(target);
    },
    message: `${WEB_MESSAGE} ${said}`,
  });
  const sharedAndWeb = 'It may import src/shared and src/web';
  // The entry point and its shell sit on top: they may import every layer of src/web.
  if (zone === 'web' || zone === 'web/app' || zone === 'web/testing') {
    return webOnly(() => true, `${sharedAndWeb}.`);
  }
  if (zone.startsWith('web/features/')) {
    return webOnly(
      (target) => target === zone || ['web/components', 'web/data', 'web/ui'].includes(target),
      `${sharedAndWeb}; a feature may import only itself, components, data and ui — not another feature nor app (move what two features need down into components, data or ui).`,
    );
  }
  if (zone === 'web/components') {
    return webOnly(
      (target) => ['web/components', 'web/data', 'web/ui'].includes(target),
      `${sharedAndWeb}; src/web/components may import only components, data and ui.`,
    );
  }
  if (zone === 'web/data') {
    return webOnly(
      (target) => target === 'web/data',
      `${sharedAndWeb}; src/web/data may import only data.`,
    );
  }
  return webOnly(
    (target) => target === 'web/ui',
    `${sharedAndWeb}; src/web/ui may import only ui.`,
  );
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers of docs/architecture.md ("Camadas").' },
    schema: OPTIONS_SCHEMA,
    messages: { layer: '{{message}}' },
  },
  create(context) {
    const srcDir = srcDirOf(context);
    const importer = context.filename;
    const relative = path.relative(srcDir, importer).split(path.sep).join('/');
    const policy = policyOf(zoneOf(importer, srcDir), relative);
    if (policy === null) return {};
    return importVisitors((node, specifier) => {
      let allowed = true;
      if (specifier.startsWith('node:')) allowed = policy.node;
      else {
        const target = resolveSpecifier(specifier, importer, srcDir);
        const zone = target && zoneOf(target.path, srcDir);
        if (zone) allowed = policy.allows(zone);
      }
      if (!allowed) context.report({ node, messageId: 'layer', data: { message: policy.message } });
    });
  },
};

export default {
  meta: { name: 'prontu' },
  rules: { 'no-import-cycle': noImportCycle, layers },
};
