import { pino } from 'pino';

/** A pino logger whose lines (JSON) land in `lines`, for tests that read what was logged. */
export function capturingLogger(level = 'info') {
  const lines: string[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(line) });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines, entries };
}
