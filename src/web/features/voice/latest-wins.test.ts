import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LatestWins } from './latest-wins';

/** Work that takes `ms` on the fake clock, counting how many runs overlap. */
function slowWork(ms: number) {
  let running = 0;
  let mostAtOnce = 0;
  const started: string[] = [];
  const run = vi.fn(async (input: string) => {
    started.push(input);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, ms));
    running -= 1;
    return `análise de ${input}`;
  });
  return { run, started, mostAtOnce: () => mostAtOnce };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('one run at a time, on the newest input', () => {
  it('runs at once when idle, and hands the result over', async () => {
    const work = slowWork(1_000);
    const delivered: [string, string][] = [];
    const runner = new LatestWins(work.run, (input, result) => delivered.push([input, result]));

    runner.push('trecho 1');
    expect(runner.busy).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(delivered).toEqual([['trecho 1', 'análise de trecho 1']]);
    expect(runner.busy).toBe(false);
  });

  it('never runs twice at once: what comes meanwhile waits for the run to end', async () => {
    const work = slowWork(1_000);
    const delivered: string[] = [];
    const runner = new LatestWins(work.run, (input) => delivered.push(input));

    runner.push('trecho 1');
    await vi.advanceTimersByTimeAsync(400);
    runner.push('trechos 1 e 2');
    await vi.advanceTimersByTimeAsync(400);
    expect(work.started).toEqual(['trecho 1']);

    await vi.advanceTimersByTimeAsync(200);
    expect(work.started).toEqual(['trecho 1', 'trechos 1 e 2']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(delivered).toEqual(['trecho 1', 'trechos 1 e 2']);
    expect(work.mostAtOnce()).toBe(1);
  });

  it('skips the inputs a newer one replaced while they waited: the latest wins', async () => {
    const work = slowWork(1_000);
    const delivered: string[] = [];
    const runner = new LatestWins(work.run, (input) => delivered.push(input));

    runner.push('1');
    runner.push('1 2');
    runner.push('1 2 3');
    runner.push('1 2 3 4');
    await vi.advanceTimersByTimeAsync(5_000);

    expect(work.started).toEqual(['1', '1 2 3 4']);
    expect(delivered).toEqual(['1', '1 2 3 4']);
    expect(work.mostAtOnce()).toBe(1);
  });

  it('goes on with the next input after a run that failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const delivered: string[] = [];
    const runner = new LatestWins(
      (input: string) =>
        input === 'ruim' ? Promise.reject(new Error('falhou')) : Promise.resolve(input),
      (input) => delivered.push(input),
    );

    runner.push('ruim');
    runner.push('bom');
    await vi.advanceTimersByTimeAsync(0);

    expect(delivered).toEqual(['bom']);
    expect(console.error).toHaveBeenCalledOnce();
  });

  it('runs the same input again when asked again', async () => {
    const work = slowWork(10);
    const runner = new LatestWins(work.run, () => undefined);
    runner.push('igual');
    await vi.advanceTimersByTimeAsync(10);
    runner.push('igual');
    await vi.advanceTimersByTimeAsync(10);
    expect(work.started).toEqual(['igual', 'igual']);
  });

  it('hands nothing over once disposed, and runs nothing that waited', async () => {
    const work = slowWork(1_000);
    const delivered: string[] = [];
    const runner = new LatestWins(work.run, (input) => delivered.push(input));
    runner.push('1');
    runner.push('1 2');

    runner.dispose();
    await vi.advanceTimersByTimeAsync(5_000);

    expect(delivered).toEqual([]);
    expect(work.started).toEqual(['1']);
  });
});
