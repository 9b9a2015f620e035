import { setImmediate as nextTurn } from 'node:timers/promises';
import { HttpError } from './errors';

/** Pieces of CPU work one doctor may have running or waiting on one server at a time. */
export const CPU_WORK_PER_DOCTOR = 2;

/** Seconds a doctor over the limit is asked to wait (one piece of work takes well under that). */
const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * Runs the synchronous CPU work of requests (the offline engine, the transcript clean-up) one
 * piece at a time, taking turns between doctors, and yields to the event loop between pieces.
 *
 * Work of this kind blocks the server while it runs, so twenty pieces started at once used to
 * hold every other request (a health check, another doctor's autosave) for the sum of their
 * times; now they wait at most one piece. A doctor with {@link CPU_WORK_PER_DOCTOR} pieces
 * pending gets 429 for the next one, so one doctor cannot fill the queue ahead of the others.
 */
export function createCpuWorkQueue(options: { perDoctor?: number } = {}) {
  const perDoctor = options.perDoctor ?? CPU_WORK_PER_DOCTOR;
  /** Doctors with work waiting, in turn order; each with their own pieces in arrival order. */
  const waiting = new Map<string, (() => void)[]>();
  const pending = new Map<string, number>();
  let draining = false;

  async function drain() {
    draining = true;
    try {
      for (;;) {
        // Let the requests that arrived meanwhile be read (and queue their work) first.
        await nextTurn();
        const next = waiting.entries().next();
        if (next.done) return;
        const [doctorId, pieces] = next.value;
        const piece = pieces.shift();
        // Move this doctor to the end of the turn order, or out of it.
        waiting.delete(doctorId);
        if (pieces.length > 0) waiting.set(doctorId, pieces);
        piece?.();
      }
    } finally {
      draining = false;
    }
  }

  return {
    /**
     * Runs `work` for `doctorId` when its turn comes.
     * @throws HttpError 429 `busy` with Retry-After when the doctor already has too much pending
     */
    run<T>(doctorId: string, work: () => T): Promise<T> {
      const count = pending.get(doctorId) ?? 0;
      if (count >= perDoctor) {
        throw new HttpError(
          'busy',
          undefined,
          {},
          {
            'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
          },
        );
      }
      pending.set(doctorId, count + 1);
      return new Promise<T>((resolve, reject) => {
        const piece = () => {
          try {
            resolve(work());
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          } finally {
            const left = (pending.get(doctorId) ?? 1) - 1;
            if (left > 0) pending.set(doctorId, left);
            else pending.delete(doctorId);
          }
        };
        const pieces = waiting.get(doctorId);
        if (pieces) pieces.push(piece);
        else waiting.set(doctorId, [piece]);
        if (!draining) void drain();
      });
    },
  };
}

export type CpuWorkQueue = ReturnType<typeof createCpuWorkQueue>;
