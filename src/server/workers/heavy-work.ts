import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { HttpError } from '../http/errors';
import type { HeavyJob, HeavyJobKind, HeavyJobResults, HeavyTask } from './heavy-jobs';

/**
 * Rendering a PDF, opening a PKCS#12 file and preparing a signature take from milliseconds to
 * seconds of CPU, depending on what a doctor typed or uploaded. Run on the request thread, one
 * slow job held every other doctor's request (a health check, an autosave) for its whole time;
 * here they run in a small pool of worker threads, each job with a time limit, the queue with a
 * length limit, and each doctor with a share of it (docs/seguranca.md, "Trabalho pesado").
 */

export interface HeavyWorkLimits {
  /**
   * Worker threads of each lane (PDFs; certificates): one core is left to the request thread.
   * Certificates have a lane of their own, so a slow upload never delays a receita's PDF.
   */
  threads: number;
  /** A job running for longer is stopped, its thread replaced. */
  timeLimitMs: number;
  /**
   * A job not begun after this long (waiting for a thread, or a new thread still loading) is
   * given up: with the time limit, no request waits longer than the two together.
   */
  waitLimitMs: number;
  /** Jobs waiting in a lane (beyond one running per thread), from everyone, before new ones are refused. */
  queueLimit: number;
  /** Jobs one requester (a doctor, a validation page's visitor) may have running or waiting. */
  perRequester: number;
  /** Heap of each worker thread: a file that would need more is refused, not the server. */
  memoryMb: number;
}

/**
 * Opening a PKCS#12 file is the slowest job: its key derivations are bounded (signing/pkcs12.ts)
 * to about 5 s of node-forge on this class of machine, while a receita renders in about 0.1 s.
 */
export const HEAVY_WORK_LIMITS: HeavyWorkLimits = {
  threads: Math.min(2, Math.max(1, Math.floor((availableParallelism() - 1) / 2))),
  timeLimitMs: 15_000,
  waitLimitMs: 15_000,
  queueLimit: 32,
  perRequester: 2,
  memoryMb: 256,
};

/** Seconds a refused requester is asked to wait: a job takes well under that. */
const RETRY_AFTER_SECONDS = '2';
/** Idle threads end after this long (and never keep the process alive). */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * The worker runs TypeScript as the server does: through tsx, named by its file so it resolves
 * wherever the server was started from.
 */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Runs a job on behalf of one requester: what a route hands to the code that renders or signs. */
export type RunHeavyJob = <Kind extends HeavyJobKind>(
  job: Extract<HeavyJob, { kind: Kind }>,
) => Promise<HeavyJobResults[Kind]>;

export interface HeavyWork {
  /**
   * Runs `job` in a worker thread, in its turn.
   * @param requester - whose share it counts against: a doctor's id, or a visitor's address
   * @throws HttpError 429 `busy` when the requester already has their share waiting, 503
   *   `server_busy` when the queue is full, 503 `work_timeout` when the job ran out of time
   */
  run<Kind extends HeavyJobKind>(
    requester: string,
    job: Extract<HeavyJob, { kind: Kind }>,
  ): Promise<HeavyJobResults[Kind]>;
  /** {@link HeavyWork.run} for one requester. */
  runFor(requester: string): RunHeavyJob;
  /** Ends the threads; jobs still waiting are refused. */
  close(): Promise<void>;
}

/** A pool of worker threads for {@link HeavyJob}s, started when the first job comes. */
type Lane = 'pdf' | 'certificate';

const laneOf = (kind: HeavyJobKind): Lane => (kind === 'pkcs12' ? 'certificate' : 'pdf');

export function createHeavyWork(limits: HeavyWorkLimits = HEAVY_WORK_LIMITS): HeavyWork {
  const pools = new Map<Lane, Piscina>();
  const pending = new Map<string, number>();
  /** Jobs running or waiting in each lane, from everyone. */
  const inFlight = new Map<Lane, number>();

  const poolOf = (lane: Lane): Piscina => {
    let pool = pools.get(lane);
    if (pool === undefined) {
      pool = new Piscina({
        filename: new URL('./heavy-jobs.ts', import.meta.url).href,
        execArgv: ['--import', TSX_LOADER],
        minThreads: 0,
        maxThreads: limits.threads,
        idleTimeout: IDLE_TIMEOUT_MS,
        resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
      });
      pools.set(lane, pool);
    }
    return pool;
  };

  const work: HeavyWork = {
    async run(requester, job) {
      const mine = pending.get(requester) ?? 0;
      if (mine >= limits.perRequester) {
        throw new HttpError('busy', undefined, {}, { 'Retry-After': RETRY_AFTER_SECONDS });
      }
      const lane = laneOf(job.kind);
      const inLane = inFlight.get(lane) ?? 0;
      if (inLane >= limits.threads + limits.queueLimit) {
        throw new HttpError('server_busy', undefined, {}, { 'Retry-After': RETRY_AFTER_SECONDS });
      }
      pending.set(requester, mine + 1);
      inFlight.set(lane, inLane + 1);
      // The time limit counts from the moment the job begins: a thread's start on a busy
      // machine is the server's time, not the job's. Until then the wait limit applies.
      const stop = new AbortController();
      const stopIn = (ms: number) => setTimeout(() => stop.abort(), ms);
      let timer = stopIn(limits.waitLimitMs);
      const { port1: begun, port2: started } = new MessageChannel();
      begun.once('message', () => {
        clearTimeout(timer);
        timer = stopIn(limits.timeLimitMs);
      });
      begun.unref();
      try {
        const task: HeavyTask = { job, started };
        const result: unknown = await poolOf(lane).run(task, {
          signal: stop.signal,
          transferList: [started],
        });
        // Typed by the job's kind: heavy-jobs.ts answers each kind with its own result.
        return result as HeavyJobResults[typeof job.kind];
      } catch (error) {
        if (stop.signal.aborted) throw new HttpError('work_timeout');
        throw error;
      } finally {
        clearTimeout(timer);
        begun.close();
        inFlight.set(lane, (inFlight.get(lane) ?? 1) - 1);
        const left = (pending.get(requester) ?? 1) - 1;
        if (left > 0) pending.set(requester, left);
        else pending.delete(requester);
      }
    },

    runFor: (requester) => (job) => work.run(requester, job),

    async close() {
      const closing = [...pools.values()];
      pools.clear();
      await Promise.all(closing.map((pool) => pool.destroy()));
    },
  };
  return work;
}
