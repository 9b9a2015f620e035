/**
 * Reads the JSON a language model was asked to reply with, tolerantly
 * (docs/product.md, "Leitura das respostas dos modelos": "the model is asked to reply with JSON
 * only", and models still wrap it in prose or code fences).
 */

/**
 * The first JSON object (or array) in a model's reply: code fences stripped, text before and
 * after ignored, braces inside strings respected.
 * @param reply - the model's whole answer
 * @returns the parsed value, or undefined when no block parses
 */
export function parseModelJson(reply: string): unknown {
  const text = stripCodeFences(reply).trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Prose around the JSON: look for the first balanced block that parses.
  }
  for (let start = firstOpening(text, 0); start !== -1; start = firstOpening(text, start + 1)) {
    const end = matchingClose(text, start);
    if (end === -1) continue;
    try {
      return JSON.parse(text.slice(start, end + 1)) as unknown;
    } catch {
      // Not JSON after all (a brace in prose); try the next opening.
    }
  }
  return undefined;
}

/** The reply without Markdown code fences (```json … ```), keeping what was inside them. */
export function stripCodeFences(reply: string): string {
  return reply.replace(/```[a-zA-Z]*[ \t]*\n?/g, '');
}

function firstOpening(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '{' || text[i] === '[') return i;
  }
  return -1;
}

/** Where the block opened at `start` closes, skipping strings; -1 when it never does. */
function matchingClose(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') stack.push('}');
    else if (char === '[') stack.push(']');
    else if (char === '}' || char === ']') {
      if (stack.pop() !== char) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}
