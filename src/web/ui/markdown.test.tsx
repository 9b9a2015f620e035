// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { prescriptionCommandsHelp, recordCommandsHelp } from '@shared/chat/slash-commands';
import { isTooCostlyToParse, keepSafeUrl, Markdown } from './markdown';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

/** Renders a reply and returns the element that holds its blocks. */
function renderReply(text: string): HTMLElement {
  const { container } = render(<Markdown text={text} />);
  const root = container.firstElementChild;
  if (!(root instanceof HTMLElement)) throw new Error('Markdown rendered nothing');
  return root;
}

/** The reply's top-level blocks, as `tag: text`. */
function blocksOf(root: HTMLElement): string[] {
  return Array.from(root.children, (block) => `${block.tagName.toLowerCase()}: ${textOf(block)}`);
}

/**
 * An element's text with its line breaks shown as ⏎ (react-markdown writes a newline after each
 * <br>, which the page collapses).
 */
function textOf(element: Element): string {
  return Array.from(element.childNodes, (node) =>
    node instanceof Element ? (node.tagName === 'BR' ? '⏎' : textOf(node)) : node.textContent,
  )
    .join('')
    .replaceAll('⏎\n', '⏎');
}

function itemsOf(list: Element): string[] {
  return Array.from(list.querySelectorAll(':scope > li'), (item) => textOf(item).trim());
}

function only(root: ParentNode, selector: string): Element {
  const found = root.querySelectorAll(selector);
  expect(found, selector).toHaveLength(1);
  const [element] = found;
  if (!element) throw new Error(`no ${selector}`);
  return element;
}

describe('Markdown blocks', () => {
  it('shows paragraphs separated by blank lines, keeping line breaks inside one', () => {
    const root = renderReply('Primeira linha\nsegunda linha\n\nOutro parágrafo');
    expect(blocksOf(root)).toEqual(['p: Primeira linha⏎segunda linha', 'p: Outro parágrafo']);
  });

  it('shows headings of levels 1 to 3 below the page’s own, and deeper ones as level 3', () => {
    const root = renderReply('# Um\n## Dois\n### Três\n#### Quatro ##');
    expect(blocksOf(root)).toEqual(['h3: Um', 'h4: Dois', 'h4: Três', 'h4: Quatro']);
    expect(screen.getByRole('heading', { name: 'Um' }).className).toBe('text-base font-semibold');
    expect(screen.getByRole('heading', { name: 'Dois' }).className).toBe('text-sm font-semibold');
    expect(screen.getByRole('heading', { name: 'Quatro' }).className).toBe('text-sm font-medium');
  });

  it('keeps #1 as text', () => {
    expect(blocksOf(renderReply('#1 prioridade'))).toEqual(['p: #1 prioridade']);
  });

  it.each(['-', '*', '+'])('shows a bullet list marked with %s', (marker) => {
    const list = only(renderReply(`${marker} Febre\n${marker} Tosse`), 'ul');
    expect(list.className).toBe('list-disc space-y-1 pl-5');
    expect(itemsOf(list)).toEqual(['Febre', 'Tosse']);
  });

  it('shows ordered lists with . and ), keeping the first number', () => {
    const list = only(renderReply('1. Hemograma\n2. Glicemia'), 'ol');
    expect(list.className).toBe('list-decimal space-y-1 pl-5');
    expect(list.hasAttribute('start')).toBe(false);
    expect(itemsOf(list)).toEqual(['Hemograma', 'Glicemia']);
    cleanup();
    const later = only(renderReply('3) Retorno'), 'ol');
    expect(later.getAttribute('start')).toBe('3');
    expect(itemsOf(later)).toEqual(['Retorno']);
  });

  it('keeps one list across blank lines between its items', () => {
    const root = renderReply('1. Um\n\n2. Dois\n\nDepois');
    expect(blocksOf(root).map((block) => block.split(':')[0])).toEqual(['ol', 'p']);
    expect(itemsOf(only(root, 'ol'))).toEqual(['Um', 'Dois']);
  });

  it('nests an indented list inside an item', () => {
    const root = renderReply('1. **Losartana**\n   - 50 mg\n   - 1x ao dia\n2. Dieta');
    const outer = only(root, ':scope > ol');
    const [first, second] = outer.querySelectorAll(':scope > li');
    expect(first?.querySelector(':scope > strong')?.textContent).toBe('Losartana');
    expect(itemsOf(only(first ?? root, ':scope > ul'))).toEqual(['50 mg', '1x ao dia']);
    expect(second?.textContent).toBe('Dieta');
  });

  it('shows bold inside list items', () => {
    const item = only(renderReply('- **Pressão arterial:** 140/90 mmHg'), 'li');
    expect(item.innerHTML).toBe(
      '<strong class="font-semibold">Pressão arterial:</strong> 140/90 mmHg',
    );
  });

  it('a paragraph line starting with a year is not a list, but "1." ends the paragraph', () => {
    expect(blocksOf(renderReply('Diagnosticado em\n2020. Sem crises.'))).toEqual([
      'p: Diagnosticado em⏎2020. Sem crises.',
    ]);
    cleanup();
    expect(blocksOf(renderReply('Condutas:\n1. Repouso'))).toEqual([
      'p: Condutas:',
      'ol: \nRepouso\n',
    ]);
  });

  it('shows fenced code verbatim, HTML and Markdown inside it as text', () => {
    const root = renderReply('```json\n{ "a": "**b**" }\n<b>x</b>\n```\ndepois');
    const block = only(root, ':scope > pre');
    expect(block.className).toBe(
      'overflow-x-auto rounded-md bg-surface-muted p-3 text-sm whitespace-pre',
    );
    expect(block.innerHTML).toBe('<code>{ "a": "**b**" }\n&lt;b&gt;x&lt;/b&gt;</code>');
    expect(blocksOf(root)[1]).toBe('p: depois');
  });

  it('shows inline code with its own look, and block code without it', () => {
    const root = renderReply('Use `dose_max`.\n\n```\nx\n```');
    expect(only(root, 'p > code').className).toBe(
      'rounded bg-surface-muted px-1 py-0.5 text-[0.9em]',
    );
    expect(only(root, 'pre > code').hasAttribute('class')).toBe(false);
  });

  it('shows blockquotes, with blocks inside', () => {
    const quote = only(renderReply('> Atenção:\n> - sinal de alarme'), 'blockquote');
    expect(quote.className).toBe('flex flex-col gap-2 border-l-4 border-line pl-3 text-fg-muted');
    expect(only(quote, ':scope > p').textContent).toBe('Atenção:');
    expect(itemsOf(only(quote, ':scope > ul'))).toEqual(['sinal de alarme']);
  });

  it.each(['---', '***', '___', '- - -'])('shows %s as a horizontal rule', (rule) => {
    const root = renderReply(`Antes\n\n${rule}\n\nDepois`);
    expect(blocksOf(root)).toEqual(['p: Antes', 'hr: ', 'p: Depois']);
    expect(only(root, 'hr').className).toBe('border-line');
  });

  it('accepts Windows line endings', () => {
    expect(blocksOf(renderReply('a\r\nb'))).toEqual(['p: a⏎b']);
  });

  it('shows Portuguese text with accents untouched', () => {
    const root = renderReply(
      'Hipótese: **pneumonia adquirida na comunidade**; solicitar radiografia de tórax.',
    );
    expect(only(root, 'p').innerHTML).toBe(
      'Hipótese: <strong class="font-semibold">pneumonia adquirida na comunidade</strong>; ' +
        'solicitar radiografia de tórax.',
    );
  });

  it('shows the help texts as headings and lists, each example under its command', () => {
    const root = renderReply(prescriptionCommandsHelp());
    expect(root.querySelectorAll('h3, h4')).toHaveLength(4);
    const lists = root.querySelectorAll(':scope > ul');
    expect(Array.from(lists, (list) => itemsOf(list).length)).toEqual([6, 4, 3]);
    expect(textOf(only(lists[0] ?? root, ':scope > li:first-child'))).toBe(
      '/iniciar-receita — Inicia uma nova receita para o paciente⏎' +
        'Exemplo: /iniciar-receita João Silva, 52 anos, hipertensão arterial',
    );
    cleanup();
    const record = renderReply(recordCommandsHelp());
    expect(
      Array.from(record.querySelectorAll(':scope > ul'), (list) => itemsOf(list).length),
    ).toEqual([6]);
  });
});

describe('Markdown inline', () => {
  it.each([
    ['**forte**', '<strong class="font-semibold">forte</strong>'],
    ['__forte__', '<strong class="font-semibold">forte</strong>'],
    ['*ênfase*', '<em>ênfase</em>'],
    ['_ênfase_', '<em>ênfase</em>'],
    [
      '`dose_max`',
      '<code class="rounded bg-surface-muted px-1 py-0.5 text-[0.9em]">dose_max</code>',
    ],
  ])('%s', (source, html) => {
    expect(only(renderReply(source), 'p').innerHTML).toBe(html);
  });

  it('nests emphasis inside strong and reads ***x***', () => {
    expect(only(renderReply('**muito *importante***'), 'p').innerHTML).toBe(
      '<strong class="font-semibold">muito <em>importante</em></strong>',
    );
    cleanup();
    expect(only(renderReply('***x***'), 'p').innerHTML).toBe(
      '<em><strong class="font-semibold">x</strong></em>',
    );
  });

  it('leaves underscores inside words alone', () => {
    expect(only(renderReply('use snake_case_name e max_dose_mg'), 'p').innerHTML).toBe(
      'use snake_case_name e max_dose_mg',
    );
  });

  it('leaves spaced asterisks alone', () => {
    expect(only(renderReply('2 * 3 * 4'), 'p').innerHTML).toBe('2 * 3 * 4');
  });

  it('keeps markers inside inline code literal', () => {
    const paragraph = only(renderReply('`**não**` e **sim**'), 'p');
    expect(only(paragraph, 'code').textContent).toBe('**não**');
    expect(only(paragraph, 'strong').textContent).toBe('sim');
  });

  it('reads backslash escapes', () => {
    expect(only(renderReply('\\*não é ênfase\\*'), 'p').innerHTML).toBe('*não é ênfase*');
  });

  it.each(['https://www.gov.br/saude', 'http://example.org/a_(b)', 'mailto:contato@prontu.app'])(
    'keeps a link to %s, opening in a new tab without a referrer',
    (href) => {
      renderReply(`[ver](${href})`);
      const link = screen.getByRole('link', { name: 'ver' });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(link.className).toBe('text-accent-fg underline underline-offset-2 hover:no-underline');
    },
  );

  it('shows formatting inside a link label, and opens the address it checked', () => {
    renderReply('[**Diretriz**](https://example.org)');
    const link = screen.getByRole('link', { name: 'Diretriz' });
    expect(link.getAttribute('href')).toBe('https://example.org/');
    expect(within(link).getByText('Diretriz').tagName).toBe('STRONG');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](data:text/html,<script>alert(1)</script>)',
    '[x](/relative/path)',
    '[x](vbscript:msgbox)',
    '[x](<java\u0000script:alert(1)>)',
    '<javascript:alert(1)>',
    '[x][ref]\n\n[ref]: javascript:alert(1)',
  ])('%j is not a link', (source) => {
    const root = renderReply(source);
    expect(root.querySelector('a')).toBeNull();
    expect(root.querySelector('[href]')).toBeNull();
  });

  it('keeps only the label of a refused link', () => {
    expect(blocksOf(renderReply('Veja [o guia](javascript:alert(1)) hoje'))).toEqual([
      'p: Veja o guia hoje',
    ]);
  });

  it('loads no image: it is shown as a link to it, by its description', () => {
    const root = renderReply('![Radiografia](https://example.org/rx.png) ![x](javascript:1)');
    expect(root.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Radiografia' }).getAttribute('href')).toBe(
      'https://example.org/rx.png',
    );
    expect(blocksOf(root)).toEqual(['p: Radiografia x']);
  });

  it('keeps brackets that are not link syntax', () => {
    expect(blocksOf(renderReply('[nota] e [outra] (sem link)'))).toEqual([
      'p: [nota] e [outra] (sem link)',
    ]);
  });
});

describe('keepSafeUrl', () => {
  it.each([
    ['https://example.org', 'https://example.org/'],
    ['HTTP://EXAMPLE.ORG/a', 'http://example.org/a'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
  ])('keeps %s as %s', (url, kept) => {
    expect(keepSafeUrl(url)).toBe(kept);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '/relative', '#top', 'ftp://x.org', ''])(
    'refuses %j',
    (url) => {
      expect(keepSafeUrl(url)).toBeNull();
    },
  );
});

describe('Markdown never lets HTML through', () => {
  it('shows <script> as text', () => {
    const root = renderReply('<script>alert(1)</script>');
    expect(root.querySelector('script')).toBeNull();
    expect(root.textContent).toBe('<script>alert(1)</script>');
  });

  it('shows inline tags as text', () => {
    const root = renderReply('a <img src=x onerror=alert(1)> b');
    expect(root.querySelector('img')).toBeNull();
    expect(blocksOf(root)).toEqual(['p: a <img src=x onerror=alert(1)> b']);
  });

  it('hides nothing after a line that starts with a tag', () => {
    const root = renderReply('<div>\nDose: **500 mg** de 8/8h\n\nDepois');
    expect(root.querySelector('div')).toBeNull();
    expect(root.textContent).toContain('Dose: **500 mg** de 8/8h');
    expect(root.textContent).toContain('Depois');
  });
});

describe('Markdown while a reply streams', () => {
  it('shows an unmatched ** as literal text, keeping what follows', () => {
    expect(blocksOf(renderReply('Tome **paracetamol 750 mg'))).toEqual([
      'p: Tome **paracetamol 750 mg',
    ]);
  });

  it('shows an unclosed fence as a code block to the end', () => {
    const root = renderReply('Exemplo:\n```\nlinha 1\nlinha **2**');
    expect(blocksOf(root)).toEqual(['p: Exemplo:', 'pre: linha 1\nlinha **2**']);
  });

  it('shows an unclosed backtick and an unclosed link as text', () => {
    expect(blocksOf(renderReply('use `dose e [guia](https://exa'))).toEqual([
      'p: use `dose e [guia](https://exa',
    ]);
  });

  it('renders every prefix of a reply without throwing or losing text', { timeout: 30_000 }, () => {
    const reply = [
      '## Avaliação',
      '',
      'Paciente com **dor torácica** há 2 dias, *sem* irradiação. Veja `ECG_12_derivações`.',
      '',
      '1. **Exames:**',
      '   - Troponina',
      '   - [Diretriz SBC](https://www.portal.cardiol.br)',
      '2) Conduta',
      '',
      '> Sinais de alarme: _dispneia_ ou síncope.',
      '',
      '---',
      '```text',
      'AAS 100 mg <b>1x</b>',
      '```',
      'Fim <script>alert(1)</script> [x](javascript:alert(1)) __fim__',
    ].join('\n');
    const { container, rerender } = render(<Markdown text="" />);
    for (let length = 0; length <= reply.length; length++) {
      const prefix = reply.slice(0, length);
      rerender(<Markdown text={prefix} />);
      // Nothing the model wrote disappears: the letters and digits shown are those of the
      // prefix, less link addresses, list numbers and the code block's language.
      const shown = container.textContent.replace(/[^\p{L}\p{N}]/gu, '');
      const expected = prefix
        .replace(/\]\((?:[^\s()]|\([^\s()]*\))*\)/g, ']')
        .replace(/^```\w*/gm, '')
        .replace(/^\s*\d+[.)](?=\s|$)/gm, '')
        .replace(/[^\p{L}\p{N}]/gu, '');
      expect(shown, `prefix of ${length}`).toBe(expected);
      const hrefs = Array.from(container.querySelectorAll('[href]'), (link) =>
        link.getAttribute('href'),
      );
      expect(hrefs.every((href) => href?.startsWith('https://'))).toBe(true);
    }
  });

  it('shows a reply too costly to parse (thousands of marks, lists 200 deep) as plain text', () => {
    expect(isTooCostlyToParse('*a '.repeat(2_000))).toBe(true);
    expect(isTooCostlyToParse('[a'.repeat(2_000))).toBe(true);
    const deepList = Array.from({ length: 200 }, (_, depth) => `${'  '.repeat(depth)}- x`);
    expect(isTooCostlyToParse(deepList.join('\n'))).toBe(true);
    expect(isTooCostlyToParse('>'.repeat(40) + ' citação')).toBe(true);
    // A long, richly formatted reply is parsed as Markdown.
    const rich = Array.from(
      { length: 120 },
      (_, item) => `- **Item ${item}**: _dose_ em \`mg\`; [fonte](https://www.gov.br/saude)`,
    );
    expect(isTooCostlyToParse(rich.join('\n'))).toBe(false);
    const plain = renderReply('*a '.repeat(2_000));
    expect(plain.querySelectorAll('em, strong, ul, blockquote')).toHaveLength(0);
    expect(plain.textContent).toContain('*a *a *a');
  });

  // micromark takes seconds on deeper pathological input, so the sizes stay modest here.
  it(
    'shows very deep nesting as text instead of overflowing the stack',
    { timeout: 30_000 },
    () => {
      const quotes = renderReply('>'.repeat(5_000) + ' a\n\nb');
      expect(quotes.querySelectorAll('blockquote').length).toBeLessThan(40);
      expect(quotes.textContent).toContain('a');
      expect(quotes.textContent).toContain('b');
      cleanup();
      const nested = Array.from({ length: 40 }, (_, depth) => `${'  '.repeat(depth)}- n${depth}`);
      const lists = renderReply(nested.join('\n'));
      expect(lists.querySelectorAll('ul').length).toBeLessThan(40);
      for (let depth = 0; depth < 40; depth++) expect(lists.textContent).toContain(`n${depth}`);
      cleanup();
      expect(() => renderReply('['.repeat(5_000) + 'a' + ']'.repeat(5_000))).not.toThrow();
      cleanup();
      expect(() => renderReply('*'.repeat(5_000))).not.toThrow();
    },
  );
});
