/** The session secret of benchmark servers, so seeding in-process signs cookies they accept. */
export const BENCH_AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** The value below which `p` per cent of `sorted` (ascending) fall. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** `12.3 ms`, for the tables the benchmarks print. */
export const ms = (value: number) => `${value.toFixed(1)} ms`;
