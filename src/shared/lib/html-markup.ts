/**
 * HTML written from a template whose values are escaped: `markup\`<p>${text}</p>\`` puts `text` in
 * as text, never as markup. Used by the pages the server writes itself (the patient's summary,
 * a document's validation page).
 */

/** Markup already escaped; anything else put into {@link markup} is text and gets escaped. */
export class Markup {
  constructor(readonly value: string) {}
}

export type Content = string | number | Markup | readonly Content[] | false | undefined;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function render(content: Content): string {
  if (typeof content === 'string' || typeof content === 'number') {
    return String(content).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
  }
  if (content instanceof Markup) return content.value;
  if (content === false || content === undefined) return '';
  return content.map(render).join('');
}

/**
 * A piece of markup: the template's own text as written, what goes into it escaped (a
 * {@link Markup} goes in as it is, a list one item after the other, `false` and `undefined` as
 * nothing).
 */
export function markup(strings: TemplateStringsArray, ...contents: readonly Content[]): Markup {
  return new Markup(strings.reduce((out, part, index) => out + part + render(contents[index]), ''));
}
