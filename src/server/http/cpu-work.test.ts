import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { createCpuWorkQueue } from './cpu-work';

describe('createCpuWorkQueue', () => {
  it('takes turns between doctors, in arrival order for each', async () => {
    const queue = createCpuWorkQueue({ perDoctor: 3 });
    const order: string[] = [];
    const work = (label: string) => () => {
      order.push(label);
      return label;
    };
    const results = await Promise.all([
      queue.run('ana', work('ana-1')),
      queue.run('ana', work('ana-2')),
      queue.run('ana', work('ana-3')),
      queue.run('bruno', work('bruno-1')),
      queue.run('carla', work('carla-1')),
    ]);
    expect(results).toEqual(['ana-1', 'ana-2', 'ana-3', 'bruno-1', 'carla-1']);
    expect(order).toEqual(['ana-1', 'bruno-1', 'carla-1', 'ana-2', 'ana-3']);
  });

  it('lets the event loop run between two pieces of work', async () => {
    const queue = createCpuWorkQueue();
    const order: string[] = [];
    await Promise.all([
      queue.run('ana', () => {
        order.push('first');
        // A request that arrives while the first piece runs is served before the second piece.
        setImmediate(() => order.push('other request'));
      }),
      queue.run('bruno', () => order.push('second')),
    ]);
    expect(order).toEqual(['first', 'other request', 'second']);
  });

  it('answers 429 with Retry-After once a doctor has too much pending, others still served', async () => {
    const queue = createCpuWorkQueue({ perDoctor: 2 });
    const running = [queue.run('ana', () => 1), queue.run('ana', () => 2)];
    let refused: unknown;
    try {
      await queue.run('ana', () => 3);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, code: 'busy' });
    expect((refused as HttpError).headers['Retry-After']).toBe('2');
    expect(await queue.run('bruno', () => 'served')).toBe('served');
    expect(await Promise.all(running)).toEqual([1, 2]);
    // Once done, the doctor may ask again.
    expect(await queue.run('ana', () => 4)).toBe(4);
  });

  it('passes a failure of the work on to its caller and keeps serving', async () => {
    const queue = createCpuWorkQueue({ perDoctor: 1 });
    await expect(
      queue.run('ana', () => {
        throw new Error('engine failed');
      }),
    ).rejects.toThrow('engine failed');
    expect(await queue.run('ana', () => 'next')).toBe('next');
  });
});
