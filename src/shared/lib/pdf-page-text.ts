/**
 * A PDF page's text as PDF.js reads it (`getTextContent()`): its items joined in reading order,
 * each line ending in '\n'.
 */
export function pdfPageText(content: { items: readonly object[] }): string {
  let text = '';
  for (const item of content.items) {
    if (!('str' in item) || typeof item.str !== 'string') continue;
    text += item.str + ('hasEOL' in item && item.hasEOL ? '\n' : '');
  }
  return text;
}
