import { open, readFile } from 'node:fs/promises';
import type { Logger } from '../logger';
import { anchorSchema, type AuditAnchor } from './audit-anchor-line';
import type { AuditKey } from './audit-chain';
import type { AuditHead, AuditLog } from './audit-log';

/**
 * The chain's head noted outside the database, so that deleting its last entries (which leaves
 * no gap) or cutting the tail and writing it again is seen (docs/auditoria.md, "Âncoras").
 */

/** In DATA_DIR, beside the auth secret and the audit key: private to the server's user. */
export const AUDIT_ANCHORS_FILE = 'audit-anchors';
/** Entries this server writes between two anchors, at most. */
export const ANCHOR_EVERY_ENTRIES = 1_000;
/** How long a new entry waits, at most, before the head is anchored. */
export const ANCHOR_EVERY_MS = 5 * 60_000;

/**
 * Reads the anchors file; a missing file is no anchors.
 * @returns the anchors, and the numbers (from 1) of the lines that are not one
 */
export async function readAuditAnchors(
  file: string,
): Promise<{ anchors: AuditAnchor[]; unreadableLines: number[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { anchors: [], unreadableLines: [] };
    }
    throw error;
  }
  const anchors: AuditAnchor[] = [];
  const unreadableLines: number[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const anchor = anchorSchema.safeParse(parsedOrUndefined(line));
    if (anchor.success) anchors.push(anchor.data);
    else unreadableLines.push(index + 1);
  });
  return { anchors, unreadableLines };
}

/**
 * Appends one anchor as a JSON line, on disk before it resolves: it is evidence, and a crash right
 * after must not lose it. The file is created readable by its owner only.
 */
export async function appendAuditAnchor(file: string, anchor: AuditAnchor): Promise<void> {
  const handle = await open(file, 'a', 0o600);
  try {
    await handle.appendFile(`${JSON.stringify(anchor)}\n`);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export interface AuditAnchoring {
  /** Anchors the last entry this server wrote, if not yet anchored, and stops. */
  stop(): Promise<void>;
}

/**
 * Keeps the anchors of a running server: the head as the database has it at start, then the last
 * entry this server wrote every {@link ANCHOR_EVERY_ENTRIES} entries, after at most
 * {@link ANCHOR_EVERY_MS} and at shutdown. Each anchor also goes to the operator's log, which
 * usually leaves the machine. An anchor that cannot be written is logged, never fails a request.
 * @param deps.file - the anchors file (DATA_DIR/{@link AUDIT_ANCHORS_FILE})
 */
export async function startAuditAnchoring(deps: {
  auditLog: AuditLog;
  key: AuditKey;
  file: string;
  logger: Logger;
  everyEntries?: number;
  everyMs?: number;
}): Promise<AuditAnchoring> {
  const everyEntries = deps.everyEntries ?? ANCHOR_EVERY_ENTRIES;
  const log = deps.logger.child({ component: 'audit-anchors' });
  const keyedFrom = await deps.auditLog.keyedFrom();
  let anchored = await deps.auditLog.head();
  let latest = anchored;
  let sinceAnchor = 0;
  let writing = Promise.resolve();

  const anchor = (head: AuditHead) => {
    const line: AuditAnchor = {
      at: new Date().toISOString(),
      position: head.position,
      hash: head.hash,
      keyedFrom,
      keyId: deps.key.id,
    };
    writing = writing
      .then(() => appendAuditAnchor(deps.file, line))
      .then(
        () => log.info({ auditAnchor: line }, 'audit chain anchored'),
        (error: unknown) =>
          log.error(
            { auditAnchor: line, err: error instanceof Error ? { name: error.name } : undefined },
            'audit anchor not written',
          ),
      );
    return writing;
  };
  /** Anchors the last entry written here, unless it already is. */
  const anchorLatest = () => {
    if (latest.position <= anchored.position) return writing;
    anchored = latest;
    sinceAnchor = 0;
    return anchor(latest);
  };

  await anchor(anchored);
  const unsubscribe = deps.auditLog.onAppended((last, count) => {
    if (last.position > latest.position) latest = last;
    sinceAnchor += count;
    if (sinceAnchor >= everyEntries) void anchorLatest();
  });
  const timer = setInterval(() => void anchorLatest(), deps.everyMs ?? ANCHOR_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      unsubscribe();
      await anchorLatest();
    },
  };
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
