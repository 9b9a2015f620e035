import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, type MarkdownBlock, type MarkdownInline } from './markdown';

const text = (value: string): MarkdownInline => ({ type: 'text', text: value });
const paragraph = (...children: MarkdownInline[]): MarkdownBlock => ({
  type: 'paragraph',
  children,
});
const item = (...children: MarkdownInline[]): MarkdownBlock[] => [paragraph(...children)];

/** Every text the tree would show, in order: what a reader sees once rendered. */
function visibleText(blocks: readonly MarkdownBlock[]): string {
  const inline = (nodes: readonly MarkdownInline[]): string =>
    nodes
      .map((node) => {
        switch (node.type) {
          case 'text':
          case 'code':
            return node.text;
          case 'break':
            return '\n';
          default:
            return inline(node.children);
        }
      })
      .join('');
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'paragraph':
        case 'heading':
          return inline(block.children);
        case 'list':
          return block.items.map(visibleText).join('\n');
        case 'code':
          return block.text;
        case 'blockquote':
          return visibleText(block.children);
        case 'rule':
          return '';
      }
    })
    .join('\n');
}

function allHrefs(blocks: readonly MarkdownBlock[]): string[] {
  const fromInline = (nodes: readonly MarkdownInline[]): string[] =>
    nodes.flatMap((node) =>
      node.type === 'link'
        ? [node.href, ...fromInline(node.children)]
        : node.type === 'strong' || node.type === 'emphasis'
          ? fromInline(node.children)
          : [],
    );
  return blocks.flatMap((block) => {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        return fromInline(block.children);
      case 'list':
        return block.items.flatMap(allHrefs);
      case 'blockquote':
        return allHrefs(block.children);
      default:
        return [];
    }
  });
}

describe('parseMarkdown blocks', () => {
  it('reads paragraphs separated by blank lines, keeping line breaks inside one', () => {
    expect(parseMarkdown('Primeira linha\nsegunda linha\n\nOutro parágrafo')).toEqual([
      paragraph(text('Primeira linha'), { type: 'break' }, text('segunda linha')),
      paragraph(text('Outro parágrafo')),
    ]);
  });

  it('reads headings of levels 1 to 3, and deeper ones as level 3', () => {
    expect(parseMarkdown('# Um\n## Dois\n### Três\n#### Quatro ##')).toEqual([
      { type: 'heading', level: 1, children: [text('Um')] },
      { type: 'heading', level: 2, children: [text('Dois')] },
      { type: 'heading', level: 3, children: [text('Três')] },
      { type: 'heading', level: 3, children: [text('Quatro')] },
    ]);
  });

  it('keeps #hashtag and #1 as text', () => {
    expect(parseMarkdown('#1 prioridade')).toEqual([paragraph(text('#1 prioridade'))]);
  });

  it.each(['-', '*', '+'])('reads a bullet list marked with %s', (marker) => {
    expect(parseMarkdown(`${marker} Febre\n${marker} Tosse`)).toEqual([
      { type: 'list', ordered: false, items: [item(text('Febre')), item(text('Tosse'))] },
    ]);
  });

  it('reads ordered lists with . and ), keeping the first number', () => {
    expect(parseMarkdown('1. Hemograma\n2. Glicemia')).toEqual([
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: [item(text('Hemograma')), item(text('Glicemia'))],
      },
    ]);
    expect(parseMarkdown('3) Retorno')).toEqual([
      { type: 'list', ordered: true, start: 3, items: [item(text('Retorno'))] },
    ]);
  });

  it('keeps one list across blank lines between its items', () => {
    const blocks = parseMarkdown('1. Um\n\n2. Dois\n\nDepois');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatchObject({
      type: 'list',
      items: [item(text('Um')), item(text('Dois'))],
    });
    expect(blocks[1]).toEqual(paragraph(text('Depois')));
  });

  it('nests an indented list inside an item', () => {
    expect(parseMarkdown('1. **Losartana**\n   - 50 mg\n   - 1x ao dia\n2. Dieta')).toEqual([
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: [
          [
            paragraph({ type: 'strong', children: [text('Losartana')] }),
            {
              type: 'list',
              ordered: false,
              items: [item(text('50 mg')), item(text('1x ao dia'))],
            },
          ],
          item(text('Dieta')),
        ],
      },
    ]);
  });

  it('reads bold inside list items', () => {
    expect(parseMarkdown('- **Pressão arterial:** 140/90 mmHg')).toEqual([
      {
        type: 'list',
        ordered: false,
        items: [
          item({ type: 'strong', children: [text('Pressão arterial:')] }, text(' 140/90 mmHg')),
        ],
      },
    ]);
  });

  it('a paragraph line starting with a year is not a list, but "1." ends the paragraph', () => {
    expect(parseMarkdown('Diagnosticado em\n2020. Sem crises.')).toEqual([
      paragraph(text('Diagnosticado em'), { type: 'break' }, text('2020. Sem crises.')),
    ]);
    expect(parseMarkdown('Condutas:\n1. Repouso')[1]).toMatchObject({ type: 'list' });
  });

  it('reads fenced code with its language, keeping the content verbatim', () => {
    expect(parseMarkdown('```json\n{ "a": "**b**" }\n<b>x</b>\n```\ndepois')).toEqual([
      { type: 'code', language: 'json', text: '{ "a": "**b**" }\n<b>x</b>' },
      paragraph(text('depois')),
    ]);
  });

  it('reads blockquotes, with blocks inside', () => {
    expect(parseMarkdown('> Atenção:\n> - sinal de alarme')).toEqual([
      {
        type: 'blockquote',
        children: [
          paragraph(text('Atenção:')),
          { type: 'list', ordered: false, items: [item(text('sinal de alarme'))] },
        ],
      },
    ]);
  });

  it.each(['---', '***', '___', '- - -'])('reads %s as a horizontal rule', (rule) => {
    expect(parseMarkdown(`Antes\n\n${rule}\n\nDepois`)).toEqual([
      paragraph(text('Antes')),
      { type: 'rule' },
      paragraph(text('Depois')),
    ]);
  });

  it('accepts Windows line endings', () => {
    expect(parseMarkdown('a\r\nb')).toEqual([paragraph(text('a'), { type: 'break' }, text('b'))]);
  });

  it('reads Portuguese text with accents untouched', () => {
    const reply =
      'Hipótese: **pneumonia adquirida na comunidade**; solicitar radiografia de tórax.';
    expect(parseMarkdown(reply)).toEqual([
      paragraph(
        text('Hipótese: '),
        { type: 'strong', children: [text('pneumonia adquirida na comunidade')] },
        text('; solicitar radiografia de tórax.'),
      ),
    ]);
  });
});

describe('parseInline', () => {
  it.each([
    ['**forte**', { type: 'strong', children: [text('forte')] }],
    ['__forte__', { type: 'strong', children: [text('forte')] }],
    ['*ênfase*', { type: 'emphasis', children: [text('ênfase')] }],
    ['_ênfase_', { type: 'emphasis', children: [text('ênfase')] }],
    ['`dose_max`', { type: 'code', text: 'dose_max' }],
  ])('%s', (source, node) => {
    expect(parseInline(source)).toEqual([node]);
  });

  it('nests emphasis inside strong and reads ***x***', () => {
    expect(parseInline('**muito *importante***')).toEqual([
      {
        type: 'strong',
        children: [text('muito '), { type: 'emphasis', children: [text('importante')] }],
      },
    ]);
    expect(parseInline('***x***')).toEqual([
      { type: 'strong', children: [{ type: 'emphasis', children: [text('x')] }] },
    ]);
  });

  it('leaves underscores inside words alone', () => {
    expect(parseInline('use snake_case_name e max_dose_mg')).toEqual([
      text('use snake_case_name e max_dose_mg'),
    ]);
  });

  it('leaves spaced asterisks alone', () => {
    expect(parseInline('2 * 3 * 4')).toEqual([text('2 * 3 * 4')]);
  });

  it('keeps markers inside inline code literal', () => {
    expect(parseInline('`**não**` e **sim**')).toEqual([
      { type: 'code', text: '**não**' },
      text(' e '),
      { type: 'strong', children: [text('sim')] },
    ]);
  });

  it('reads backslash escapes', () => {
    expect(parseInline('\\*não é ênfase\\*')).toEqual([text('*não é ênfase*')]);
  });

  it.each(['https://www.gov.br/saude', 'http://example.org/a_(b)', 'mailto:contato@prontu.app'])(
    'keeps a link to %s',
    (href) => {
      expect(parseInline(`[ver](${href})`)).toEqual([
        { type: 'link', href, children: [text('ver')] },
      ]);
    },
  );

  it('reads formatting inside a link label', () => {
    expect(parseInline('[**Diretriz**](https://example.org)')).toEqual([
      {
        type: 'link',
        href: 'https://example.org/',
        children: [{ type: 'strong', children: [text('Diretriz')] }],
      },
    ]);
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](data:text/html,<script>alert(1)</script>)',
    '[x](/relative/path)',
    '[x](vbscript:msgbox)',
  ])('%s is not a link, only its label', (source) => {
    expect(parseInline(source)).toEqual([text('x')]);
  });

  it.each(['[x](java\tscript:alert(1))', '[x](<java\u0000script:alert(1)>)', '[x](<https://a b>)'])(
    'makes no link of %j, whose address holds blanks or control characters',
    (source) => {
      expect(parseInline(source).some((node) => node.type === 'link')).toBe(false);
    },
  );

  it('keeps brackets that are not link syntax', () => {
    expect(parseInline('[nota] e [outra] (sem link)')).toEqual([
      text('[nota] e [outra] (sem link)'),
    ]);
  });
});

describe('parseMarkdown never lets HTML through', () => {
  it('keeps <script> as text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      paragraph(text('<script>alert(1)</script>')),
    ]);
  });

  it('keeps inline tags as text', () => {
    expect(parseMarkdown('a <img src=x onerror=alert(1)> b')).toEqual([
      paragraph(text('a <img src=x onerror=alert(1)> b')),
    ]);
  });
});

describe('parseMarkdown while a reply streams', () => {
  it('shows an unmatched ** as literal text, keeping what follows', () => {
    expect(parseMarkdown('Tome **paracetamol 750 mg')).toEqual([
      paragraph(text('Tome **paracetamol 750 mg')),
    ]);
  });

  it('shows an unclosed fence as a code block to the end', () => {
    expect(parseMarkdown('Exemplo:\n```\nlinha 1\nlinha **2**')).toEqual([
      paragraph(text('Exemplo:')),
      { type: 'code', text: 'linha 1\nlinha **2**' },
    ]);
  });

  it('shows an unclosed backtick and an unclosed link as text', () => {
    expect(parseMarkdown('use `dose e [guia](https://exa')).toEqual([
      paragraph(text('use `dose e [guia](https://exa')),
    ]);
  });

  it('reads every prefix of a reply without throwing or losing text', () => {
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
      '<script>alert(1)</script> [x](javascript:alert(1)) __fim__',
    ].join('\n');
    for (let length = 0; length <= reply.length; length++) {
      const prefix = reply.slice(0, length);
      const blocks = parseMarkdown(prefix);
      // Nothing the model wrote disappears: the letters and digits shown are those of the
      // prefix, less link addresses, list numbers and the code block's language.
      const shown = visibleText(blocks).replace(/[^\p{L}\p{N}]/gu, '');
      const expected = prefix
        .replace(/\]\((?:[^\s()]|\([^\s()]*\))*\)/g, ']')
        .replace(/^```\w*/gm, '')
        .replace(/^\s*\d+[.)](?=\s|$)/gm, '')
        .replace(/[^\p{L}\p{N}]/gu, '');
      expect(shown, `prefix of ${length}`).toBe(expected);
      expect(allHrefs(blocks).every((href) => href.startsWith('https://'))).toBe(true);
    }
  });

  it('bounds very deep nesting instead of overflowing the stack', () => {
    expect(() => parseMarkdown('>'.repeat(5_000) + ' a')).not.toThrow();
    expect(() => parseMarkdown('['.repeat(5_000) + 'a' + ']'.repeat(5_000))).not.toThrow();
    expect(() => parseMarkdown('*'.repeat(5_000))).not.toThrow();
  });
});
