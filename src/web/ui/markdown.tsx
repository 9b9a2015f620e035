import type { Element, ElementContent } from 'hast';
import type { Nodes, PhrasingContent, Root } from 'mdast';
import { memo, useDeferredValue, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

/**
 * A chat reply written in Markdown, shown as formatted text inside a bubble (react-markdown,
 * CommonMark). No HTML from the reply reaches the page: react-markdown has no rehype-raw here, so
 * HTML the model writes (`<script>`, `<img onerror>`) is shown as the text it is — not dropped,
 * so a stray tag never hides the lines after it. Links are kept only for http(s) and mailto and
 * open in a new tab without a referrer; any prefix of a reply renders while it streams.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  // While a reply streams, each fragment asks for a new parse of the whole reply; deferred, a
  // slow parse lets the newer fragments through instead of queueing one parse per fragment.
  const shown = useDeferredValue(text);
  if (isTooCostlyToParse(shown)) {
    return <p className="break-words whitespace-pre-wrap">{shown}</p>;
  }
  // whitespace-normal: the bubble keeps the user's own line breaks with pre-wrap, but here the
  // breaks already are elements. memo: while a reply streams, the list re-renders every bubble
  // on each fragment, and only the growing one needs parsing again.
  return (
    <div className="flex flex-col gap-2 break-words whitespace-normal">
      <ReactMarkdown
        remarkPlugins={REMARK_PLUGINS}
        urlTransform={keepSafeUrl}
        components={COMPONENTS}
      >
        {shown}
      </ReactMarkdown>
    </div>
  );
});

/** More emphasis, code or link marks than any reply needs (a long reply has a few hundred). */
const MAX_INLINE_MARKS = 1_500;
/** Deeper indentation (lists in lists…) or quoting than any reply needs. */
const MAX_INDENT = 40;
const MAX_QUOTE_DEPTH = 16;

/**
 * Whether a reply is shaped so that parsing it as Markdown would freeze the page (thousands of
 * `*a `, lists nested 200 deep: the parser's time grows much faster than the text). No real
 * reply looks like this; such a text is shown as it is, as plain text.
 * @param text - the reply, or the part of it that arrived
 */
export function isTooCostlyToParse(text: string): boolean {
  let marks = 0;
  for (const character of text) {
    if (character === '*' || character === '_' || character === '`' || character === '[') {
      marks += 1;
    }
  }
  if (marks > MAX_INLINE_MARKS) return true;
  return text.split('\n').some((line) => {
    const indent = /^[ \t]*/.exec(line)?.[0].length ?? 0;
    const quotes = /^(?:[ \t]*>)*/.exec(line)?.[0].replace(/[ \t]/g, '').length ?? 0;
    return indent > MAX_INDENT || quotes > MAX_QUOTE_DEPTH;
  });
}

/** URL schemes a link may use; anything else (javascript:, data:, relative paths) is dropped. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The address a link (or an image) may point to, or null to drop it: an absolute http(s) or
 * mailto URL. A relative address has nowhere safe to point, so it is refused too; the parsed
 * href is what is kept, so the page opens exactly the address whose scheme was checked.
 * @param url - the address as written in the reply (already percent-encoded by the parser)
 */
export function keepSafeUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Chat replies mean a line break where they break a line (the offline engine's answers rely on
 * it), while CommonMark joins such lines into one: every newline inside a paragraph, heading or
 * link label becomes a break, as remark-breaks does. Code keeps its newlines on its own.
 */
function remarkLineBreaks() {
  return (tree: Root) => {
    breakAtNewlines(tree);
  };
}

function breakAtNewlines(node: Nodes): void {
  if (!('children' in node)) return;
  for (const child of node.children) breakAtNewlines(child);
  if (
    node.type === 'paragraph' ||
    node.type === 'heading' ||
    node.type === 'emphasis' ||
    node.type === 'strong' ||
    node.type === 'link' ||
    node.type === 'linkReference'
  ) {
    node.children = node.children.flatMap(splitTextAtNewlines);
  }
}

function splitTextAtNewlines(node: PhrasingContent): PhrasingContent[] {
  if (node.type !== 'text') return [node];
  return node.value
    .split(/[\t ]*\r?\n[\t ]*/)
    .flatMap((part, index): PhrasingContent[] => [
      ...(index > 0 ? [{ type: 'break' } as const] : []),
      ...(part === '' ? [] : [{ type: 'text', value: part } as const]),
    ]);
}

/**
 * Deeper nesting than this (quotes in lists in quotes…, `*` inside `**` inside `*`…) is shown
 * as its plain text: no reply needs it, and React renders a tree recursively, so a reply of a
 * few thousand `>` would otherwise overflow the stack — and break the chat each time it loads.
 */
const MAX_DEPTH = 32;

function remarkBoundDepth() {
  return (tree: Root) => {
    boundDepth(tree, 0);
  };
}

function boundDepth(node: Nodes, depth: number): void {
  if (!('children' in node)) return;
  if (depth < MAX_DEPTH) {
    for (const child of node.children) boundDepth(child, depth + 1);
    return;
  }
  // Lists and tables must keep their items and rows: those are flattened a level down.
  if (node.type === 'list' || node.type === 'table' || node.type === 'tableRow') {
    for (const child of node.children) boundDepth(child, depth);
    return;
  }
  const text: PhrasingContent = { type: 'text', value: plainTextOf(node) };
  if (
    node.type === 'root' ||
    node.type === 'blockquote' ||
    node.type === 'listItem' ||
    node.type === 'footnoteDefinition'
  ) {
    node.children = [{ type: 'paragraph', children: [text] }];
  } else {
    node.children = [text];
  }
}

/** Every text in a node, without recursion (the node may be nested thousands deep). */
function plainTextOf(node: Nodes): string {
  const parts: string[] = [];
  const pending: Nodes[] = [node];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if ('value' in next) parts.push(next.value);
    // Reversed onto the stack, so children come off it in reading order.
    else if ('children' in next) pending.push(...[...next.children].reverse());
  }
  return parts.join(' ');
}

const REMARK_PLUGINS = [remarkBoundDepth, remarkLineBreaks];

/** The text of a hast node and everything in it. */
function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

function ReplyLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="text-accent-fg underline underline-offset-2 hover:no-underline"
    >
      {children}
    </a>
  );
}

/**
 * The element built for each Markdown construct. Only children (and an ordered list's start)
 * are passed on: nothing else the parser attaches reaches the DOM.
 */
const COMPONENTS: Components = {
  // The page and the chat own h1–h2; a reply's headings sit below them, sized for a bubble.
  h1: ({ children }) => <h3 className="text-base font-semibold">{children}</h3>,
  h2: ({ children }) => <h4 className="text-sm font-semibold">{children}</h4>,
  h3: ({ children }) => <h4 className="text-sm font-medium">{children}</h4>,
  // Models also write ####…######; a chat bubble has room for three sizes.
  h4: ({ children }) => <h4 className="text-sm font-medium">{children}</h4>,
  h5: ({ children }) => <h4 className="text-sm font-medium">{children}</h4>,
  h6: ({ children }) => <h4 className="text-sm font-medium">{children}</h4>,
  ul: ({ children }) => <ul className="list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children, start }) => (
    <ol start={start} className="list-decimal space-y-1 pl-5">
      {children}
    </ol>
  ),
  // An item's blocks (a nested list, the paragraphs of a loose item) sit a little apart; inline
  // elements ignore the top margin.
  li: ({ children }) => <li className="[&>*+*]:mt-1">{children}</li>,
  blockquote: ({ children }) => (
    <blockquote className="flex flex-col gap-2 border-l-4 border-line pl-3 text-fg-muted">
      {children}
    </blockquote>
  ),
  hr: () => <hr className="border-line" />,
  // The block's own code element is built here, so `code` below is always inline code. The
  // parser ends the block's text with a newline that a <pre> would not show anyway.
  pre: ({ node }) => (
    <pre className="overflow-x-auto rounded-md bg-surface-muted p-3 text-sm whitespace-pre">
      <code>{node ? textOf(node).replace(/\n$/, '') : ''}</code>
    </pre>
  ),
  code: ({ children }) => (
    <code className="rounded bg-surface-muted px-1 py-0.5 text-[0.9em]">{children}</code>
  ),
  strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  // keepSafeUrl removed the href of a link it refused: only its label is left, as text.
  a: ({ href, children }) => (href ? <ReplyLink href={href}>{children}</ReplyLink> : children),
  // Nothing is loaded from a reply's address: an image is shown as a link to it, by its
  // description (or just the description, when the address was refused).
  img: ({ src, alt }) =>
    typeof src === 'string' && src !== '' ? <ReplyLink href={src}>{alt}</ReplyLink> : alt,
};
