/**
 * A small, safe Markdown reader for the assistant's chat replies. It only ever produces a tree
 * of plain data (never HTML), so the renderer can build elements from it and no markup the model
 * writes can reach the page: `<script>` stays text, and a link is kept only for http(s) and
 * mailto addresses. It also reads any prefix of a reply while it streams in, so an unclosed
 * `**` or code fence never throws nor hides the text after it.
 */

/** Inline content of a paragraph, heading or list item. */
export type MarkdownInline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: MarkdownInline[] }
  | { type: 'emphasis'; children: MarkdownInline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: MarkdownInline[] }
  | { type: 'break' };

export type HeadingLevel = 1 | 2 | 3;

/** A block of a reply. List items hold blocks so that lists can nest. */
export type MarkdownBlock =
  | { type: 'paragraph'; children: MarkdownInline[] }
  | { type: 'heading'; level: HeadingLevel; children: MarkdownInline[] }
  | { type: 'list'; ordered: false; items: MarkdownBlock[][] }
  | { type: 'list'; ordered: true; start: number; items: MarkdownBlock[][] }
  | { type: 'code'; language?: string; text: string }
  | { type: 'blockquote'; children: MarkdownBlock[] }
  | { type: 'rule' };

/** URL schemes a link may use; anything else (javascript:, data:, relative paths) is text. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * Deeper nesting than this (quotes in lists in quotes…, or `[[[[`) is read as plain text: no
 * reply needs it, and it bounds the recursion on hostile input.
 */
const MAX_DEPTH = 16;

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const BULLET = /^( {0,3})([-*+])(?:([ \t]+)(.*))?$/;
const ORDERED = /^( {0,3})(\d{1,9})([.)])(?:([ \t]+)(.*))?$/;

/**
 * Reads a chat reply (complete, or any prefix of one while it streams) into blocks.
 * @param text - the reply as the model wrote it
 */
export function parseMarkdown(text: string): MarkdownBlock[] {
  return parseBlocks(text.replace(/\r\n?/g, '\n').split('\n'), 0);
}

function parseBlocks(lines: readonly string[], depth: number): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i++;
      continue;
    }
    if (depth >= MAX_DEPTH) {
      const end = paragraphEnd(lines, i);
      blocks.push({
        type: 'paragraph',
        children: [{ type: 'text', text: lines.slice(i, end).join('\n') }],
      });
      i = end;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const language = fence[2] || undefined;
      const body: string[] = [];
      i++;
      // An unclosed fence runs to the end: that is how a code block looks while it streams.
      while (i < lines.length && !isFenceClose(lines[i] ?? '', marker)) body.push(lines[i++] ?? '');
      i++;
      blocks.push(
        language
          ? { type: 'code', language, text: body.join('\n') }
          : { type: 'code', text: body.join('\n') },
      );
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      // Models also write ####…######; a chat bubble has room for three sizes.
      const level = Math.min(heading[1]?.length ?? 1, 3) as HeadingLevel;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] ?? '', depth) });
      i++;
      continue;
    }

    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }

    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length) {
        const quoted = QUOTE.exec(lines[i] ?? '');
        if (!quoted) break;
        inner.push(quoted[1] ?? '');
        i++;
      }
      blocks.push({ type: 'blockquote', children: parseBlocks(inner, depth + 1) });
      continue;
    }

    const item = listItemStart(line);
    if (item) {
      const list = parseList(lines, i, item, depth);
      blocks.push(list.block);
      i = list.end;
      continue;
    }

    const end = paragraphEnd(lines, i);
    blocks.push({ type: 'paragraph', children: parseParagraph(lines.slice(i, end), depth) });
    i = end;
  }
  return blocks;
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function isFenceClose(line: string, marker: string): boolean {
  const trimmed = line.trim();
  const char = marker.charAt(0);
  return (
    line.search(/\S/) <= 3 && trimmed.length >= marker.length && trimmed.replaceAll(char, '') === ''
  );
}

interface ListItemStart {
  ordered: boolean;
  /** The bullet character, or the delimiter (`.` / `)`) of an ordered item. */
  marker: string;
  start: number;
  /** Column where the item's content begins; continuation lines are indented to it. */
  contentOffset: number;
  content: string;
}

function listItemStart(line: string): ListItemStart | undefined {
  const bullet = BULLET.exec(line);
  if (bullet) {
    const indent = bullet[1]?.length ?? 0;
    return {
      ordered: false,
      marker: bullet[2] ?? '-',
      start: 1,
      contentOffset: indent + 1 + contentGap(bullet[3]),
      content: bullet[4] ?? '',
    };
  }
  const ordered = ORDERED.exec(line);
  if (ordered) {
    const indent = ordered[1]?.length ?? 0;
    const digits = ordered[2] ?? '1';
    return {
      ordered: true,
      marker: ordered[3] ?? '.',
      start: Number(digits),
      contentOffset: indent + digits.length + 1 + contentGap(ordered[4]),
      content: ordered[5] ?? '',
    };
  }
  return undefined;
}

/** Spaces between marker and content; more than four means the content is itself indented. */
function contentGap(gap: string | undefined): number {
  const width = gap?.length ?? 0;
  return width === 0 || width > 4 ? 1 : width;
}

function sameList(a: ListItemStart, b: ListItemStart): boolean {
  return a.ordered === b.ordered && (a.ordered ? a.marker === b.marker : true);
}

function indentOf(line: string): number {
  const match = /^[ \t]*/.exec(line);
  return match ? match[0].replace(/\t/g, '    ').length : 0;
}

function parseList(
  lines: readonly string[],
  from: number,
  first: ListItemStart,
  depth: number,
): { block: MarkdownBlock; end: number } {
  const items: MarkdownBlock[][] = [];
  let i = from;
  let current: ListItemStart | undefined = first;
  while (current) {
    const body = [current.content];
    const offset = current.contentOffset;
    i++;
    while (i < lines.length) {
      const line = lines[i] ?? '';
      if (isBlank(line)) {
        // A blank line stays in the item only if the item goes on (indented) after it.
        const next = nextNonBlank(lines, i);
        if (next === undefined || indentOf(lines[next] ?? '') < Math.min(offset, 2)) break;
        body.push(...lines.slice(i, next).map(() => ''));
        i = next;
        continue;
      }
      const indent = indentOf(line);
      // Models indent sub-lists by 2, 3 or 4 spaces whatever the marker width, so any indent
      // of 2 or more continues the item.
      if (indent >= Math.min(offset, 2)) {
        body.push(dedent(line, Math.min(indent, offset)));
        i++;
        continue;
      }
      const previous = body[body.length - 1] ?? '';
      if (!isBlank(previous) && !startsBlock(line) && !listItemStart(line)) {
        body.push(line); // a paragraph's lazy continuation
        i++;
        continue;
      }
      break;
    }
    items.push(parseBlocks(body, depth + 1));

    // The list goes on with the next item of the same kind, even past blank lines between items.
    const nextIndex = i < lines.length && isBlank(lines[i] ?? '') ? nextNonBlank(lines, i) : i;
    const next = nextIndex === undefined ? undefined : listItemStart(lines[nextIndex] ?? '');
    if (next && nextIndex !== undefined && sameList(first, next)) {
      i = nextIndex;
      current = next;
    } else {
      current = undefined;
    }
  }
  const block: MarkdownBlock = first.ordered
    ? { type: 'list', ordered: true, start: first.start, items }
    : { type: 'list', ordered: false, items };
  return { block, end: i };
}

function nextNonBlank(lines: readonly string[], from: number): number | undefined {
  for (let i = from; i < lines.length; i++) if (!isBlank(lines[i] ?? '')) return i;
  return undefined;
}

function dedent(line: string, columns: number): string {
  let removed = 0;
  let index = 0;
  while (index < line.length && removed < columns) {
    const char = line.charAt(index);
    if (char === ' ') removed += 1;
    else if (char === '\t') removed += 4;
    else break;
    index++;
  }
  return line.slice(index);
}

/** Lines that begin another block and so end a paragraph. */
function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line);
}

function paragraphEnd(lines: readonly string[], from: number): number {
  let i = from + 1;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line) || startsBlock(line)) break;
    const item = listItemStart(line);
    // As in CommonMark, only `1.` may start a list right below a paragraph line, so a sentence
    // wrapped before "2020. Foi…" stays a paragraph.
    if (item && item.content !== '' && (!item.ordered || item.start === 1)) break;
    i++;
  }
  return i;
}

function parseParagraph(lines: readonly string[], depth: number): MarkdownInline[] {
  // Chat replies mean a line break where they break a line, so every newline is kept.
  return parseInline(lines.map((line) => line.trim()).join('\n'), depth);
}

const ESCAPABLE = /[!-/:-@[-`{-~]/;

/**
 * Reads inline Markdown. Delimiters without a partner stay as the characters they are.
 * @param text - one paragraph, heading or list-item line, newlines included
 */
export function parseInline(text: string, depth = 0): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  const pushText = (value: string) => {
    if (value === '') return;
    const last = out[out.length - 1];
    if (last?.type === 'text') last.text += value;
    else out.push({ type: 'text', text: value });
  };
  if (depth >= MAX_DEPTH) {
    pushText(text);
    return out;
  }

  let i = 0;
  while (i < text.length) {
    const char = text.charAt(i);

    if (char === '\\' && ESCAPABLE.test(text.charAt(i + 1))) {
      pushText(text.charAt(i + 1));
      i += 2;
      continue;
    }

    if (char === '\n') {
      out.push({ type: 'break' });
      i++;
      continue;
    }

    if (char === '`') {
      const run = runLength(text, i, '`');
      const close = findCodeClose(text, i + run, run);
      if (close === -1) {
        pushText(text.slice(i, i + run));
        i += run;
        continue;
      }
      out.push({ type: 'code', text: codeSpanText(text.slice(i + run, close)) });
      i = close + run;
      continue;
    }

    if (char === '[') {
      const link = readLink(text, i);
      if (link) {
        const children = parseInline(link.label, depth + 1);
        if (link.href) out.push({ type: 'link', href: link.href, children });
        else for (const child of children) pushInline(out, child);
        i = link.end;
        continue;
      }
      pushText(char);
      i++;
      continue;
    }

    if (char === '*' || char === '_') {
      const emphasis = readEmphasis(text, i, depth);
      if (emphasis) {
        out.push(emphasis.node);
        i = emphasis.end;
        continue;
      }
      const run = runLength(text, i, char);
      pushText(text.slice(i, i + run));
      i += run;
      continue;
    }

    const next = nextSpecial(text, i + 1);
    pushText(text.slice(i, next));
    i = next;
  }
  return out;
}

function pushInline(out: MarkdownInline[], node: MarkdownInline): void {
  const last = out[out.length - 1];
  if (node.type === 'text' && last?.type === 'text') last.text += node.text;
  else out.push(node);
}

const SPECIAL = /[\\\n`[*_]/g;

function nextSpecial(text: string, from: number): number {
  SPECIAL.lastIndex = from;
  const match = SPECIAL.exec(text);
  return match ? match.index : text.length;
}

function runLength(text: string, at: number, char: string): number {
  let end = at;
  while (text.charAt(end) === char) end++;
  return end - at;
}

/** Index of a backtick run of exactly `run` characters at or after `from`, or -1. */
function findCodeClose(text: string, from: number, run: number): number {
  let i = from;
  while (i < text.length) {
    const at = text.indexOf('`', i);
    if (at === -1) return -1;
    const length = runLength(text, at, '`');
    if (length === run) return at;
    i = at + length;
  }
  return -1;
}

function codeSpanText(raw: string): string {
  const flat = raw.replace(/\n/g, ' ');
  return flat.length > 2 && flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== ''
    ? flat.slice(1, -1)
    : flat;
}

/** Skips a closed code span starting at `at`; returns where scanning resumes. */
function skipCodeSpan(text: string, at: number): number {
  const run = runLength(text, at, '`');
  const close = findCodeClose(text, at + run, run);
  return close === -1 ? at + run : close + run;
}

/**
 * Reads `[label](url)` at `at`. `href` is unset when the URL is not one a link may open;
 * undefined when the text there is not link syntax at all.
 */
function readLink(
  text: string,
  at: number,
): { label: string; href: string | undefined; end: number } | undefined {
  let depth = 0;
  let i = at;
  let labelEnd = -1;
  while (i < text.length) {
    const char = text.charAt(i);
    if (char === '\\') i += 2;
    else if (char === '`') i = skipCodeSpan(text, i);
    else {
      if (char === '[') depth++;
      else if (char === ']' && --depth === 0) {
        labelEnd = i;
        break;
      }
      i++;
    }
  }
  if (labelEnd === -1 || text.charAt(labelEnd + 1) !== '(') return undefined;
  const destination = /^\(\s*(<[^<>\n]*>|(?:[^\s()]|\([^\s()]*\))*)(?:\s+"[^"\n]*")?\s*\)/.exec(
    text.slice(labelEnd + 1),
  );
  if (!destination) return undefined;
  const raw = (destination[1] ?? '').replace(/^<|>$/g, '');
  return {
    label: text.slice(at + 1, labelEnd),
    href: safeHref(raw),
    end: labelEnd + 1 + destination[0].length,
  };
}

function safeHref(raw: string): string | undefined {
  if (raw === '' || /\s/.test(raw) || hasControlCharacter(raw)) return undefined;
  try {
    // No base URL: a relative address has nowhere safe to point and is refused. The parsed
    // href is what is kept, so the page opens exactly the address whose scheme was checked.
    const url = new URL(raw);
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++)
    if (text.charCodeAt(i) < 0x20 || text.charCodeAt(i) === 0x7f) return true;
  return false;
}

function isWordChar(char: string): boolean {
  return /[\p{L}\p{N}]/u.test(char);
}

function isSpace(char: string): boolean {
  return char === '' || /\s/.test(char);
}

/**
 * Reads `**strong**`, `__strong__`, `*emphasis*` or `_emphasis_` starting at `at`. An opener
 * must be followed by a non-space and a closer preceded by one; underscores never open or
 * close inside a word, so snake_case stays as written.
 */
function readEmphasis(
  text: string,
  at: number,
  depth: number,
): { node: MarkdownInline; end: number } | undefined {
  const char = text.charAt(at);
  const run = runLength(text, at, char);
  if (char === '_' && isWordChar(text.charAt(at - 1))) return undefined;
  // A run of two or more opens strong (a third character is then part of the content, as in
  // `***x***`); an unmatched `**` is left to the caller as literal text.
  const width = run >= 2 ? 2 : 1;
  if (isSpace(text.charAt(at + width))) return undefined;
  const close = findEmphasisClose(text, at + width, char, width);
  if (close === -1) return undefined;
  const children = parseInline(text.slice(at + width, close), depth + 1);
  return {
    node: width === 2 ? { type: 'strong', children } : { type: 'emphasis', children },
    end: close + width,
  };
}

/**
 * Where the delimiter of `width` characters closes, skipping code spans, escapes and the other
 * width's pairs. In a run of three (`***`) the inner delimiter closes first, so the outer one
 * takes the run's end.
 */
function findEmphasisClose(text: string, from: number, char: string, width: number): number {
  let i = from;
  while (i < text.length) {
    const current = text.charAt(i);
    if (current === '\\') {
      i += 2;
      continue;
    }
    if (current === '`') {
      i = skipCodeSpan(text, i);
      continue;
    }
    if (current !== char) {
      i++;
      continue;
    }
    const run = runLength(text, i, char);
    const closeAt = run === 3 ? i + 3 - width : i;
    const canClose =
      (run === width || run === 3) &&
      i > from &&
      !isSpace(text.charAt(i - 1)) &&
      !(char === '_' && isWordChar(text.charAt(i + run)));
    if (canClose) return closeAt;
    i += run;
  }
  return -1;
}
