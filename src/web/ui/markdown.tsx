import { useMemo, type ReactNode } from 'react';
import { parseMarkdown, type MarkdownBlock, type MarkdownInline } from '../../shared/markdown';

/**
 * A chat reply written in Markdown, shown as formatted text inside a bubble. Only elements built
 * here reach the page (no HTML from the reply), and links open in a new tab without a referrer.
 */
export function Markdown({ text }: { text: string }) {
  // A streaming reply re-renders on every fragment; the parse only reruns when the text changes.
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  // whitespace-normal: the bubble keeps the user's own line breaks with pre-wrap, but here the
  // parsed breaks already are elements.
  return (
    <div className="flex flex-col gap-2 break-words whitespace-normal">{renderBlocks(blocks)}</div>
  );
}

// Keys are positions: the blocks derive from the text alone and are never reordered.
function renderBlocks(blocks: readonly MarkdownBlock[]): ReactNode[] {
  return blocks.map((block, index) => <Block key={index} block={block} />);
}

function Block({ block }: { block: MarkdownBlock }) {
  switch (block.type) {
    case 'paragraph':
      return <p>{renderInline(block.children)}</p>;
    case 'heading':
      // The page and the chat own h1–h2; a reply's headings sit below them, sized for a bubble.
      return block.level === 1 ? (
        <h3 className="text-base font-semibold">{renderInline(block.children)}</h3>
      ) : (
        <h4 className={block.level === 2 ? 'text-sm font-semibold' : 'text-sm font-medium'}>
          {renderInline(block.children)}
        </h4>
      );
    case 'list': {
      const items = block.items.map((item, index) => <li key={index}>{renderListItem(item)}</li>);
      return block.ordered ? (
        <ol
          start={block.start === 1 ? undefined : block.start}
          className="list-decimal space-y-1 pl-5"
        >
          {items}
        </ol>
      ) : (
        <ul className="list-disc space-y-1 pl-5">{items}</ul>
      );
    }
    case 'code':
      return (
        <pre className="overflow-x-auto rounded-md bg-surface-muted p-3 text-sm whitespace-pre">
          <code>{block.text}</code>
        </pre>
      );
    case 'blockquote':
      return (
        <blockquote className="flex flex-col gap-2 border-l-4 border-line pl-3 text-fg-muted">
          {renderBlocks(block.children)}
        </blockquote>
      );
    case 'rule':
      return <hr className="border-line" />;
  }
}

/** A one-paragraph item shows its text directly, so tight lists have no paragraph margins. */
function renderListItem(blocks: readonly MarkdownBlock[]): ReactNode {
  const [first, ...rest] = blocks;
  if (first?.type !== 'paragraph')
    return <div className="flex flex-col gap-1">{renderBlocks(blocks)}</div>;
  return (
    <>
      {renderInline(first.children)}
      {rest.length > 0 && <div className="mt-1 flex flex-col gap-1">{renderBlocks(rest)}</div>}
    </>
  );
}

function renderInline(nodes: readonly MarkdownInline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return (
          <strong key={index} className="font-semibold">
            {renderInline(node.children)}
          </strong>
        );
      case 'emphasis':
        return <em key={index}>{renderInline(node.children)}</em>;
      case 'code':
        return (
          <code key={index} className="rounded bg-surface-muted px-1 py-0.5 text-[0.9em]">
            {node.text}
          </code>
        );
      case 'link':
        return (
          <a
            key={index}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-accent-fg underline underline-offset-2 hover:no-underline"
          >
            {renderInline(node.children)}
          </a>
        );
    }
  });
}
