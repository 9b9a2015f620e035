import { describe, expect, it } from 'vitest';
import { SegmentQueue } from './recording-segments';

/** Stands for a recorded audio file. */
type FakeAudio = { name: string };
const audio = (name: string): FakeAudio => ({ name });

function queueOf(count: number): SegmentQueue<FakeAudio> {
  const queue = new SegmentQueue<FakeAudio>();
  for (let index = 0; index < count; index++) queue.add(audio(`segment-${index}`), index);
  return queue;
}

describe('SegmentQueue', () => {
  it('starts empty and not done', () => {
    const queue = new SegmentQueue<FakeAudio>();
    expect(queue.pendingCount).toBe(0);
    expect(queue.allDone).toBe(false);
    expect(queue.fullTranscript()).toBe('');
    expect(queue.retryable()).toEqual([]);
  });

  it('counts added segments as pending', () => {
    const queue = queueOf(3);
    expect(queue.pendingCount).toBe(3);
    expect(queue.allDone).toBe(false);
    expect(queue.segments().map(({ status }) => status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('refuses the same index twice and unknown indexes', () => {
    const queue = queueOf(1);
    expect(() => queue.add(audio('again'), 0)).toThrow('Segment 0 was already added');
    expect(() => queue.markTranscribed(5, 'x')).toThrow('Unknown segment 5');
    expect(() => queue.markFailed(5, new Error('x'))).toThrow('Unknown segment 5');
  });

  it('joins the texts in index order whatever order they arrive in', () => {
    const queue = queueOf(3);
    queue.markTranscribed(2, 'sem febre.');
    queue.markTranscribed(0, 'Paciente relata dor de cabeça ');
    queue.markTranscribed(1, ' há três dias,');

    expect(queue.fullTranscript()).toBe('Paciente relata dor de cabeça há três dias, sem febre.');
    expect(queue.pendingCount).toBe(0);
    expect(queue.allDone).toBe(true);
  });

  it('keeps the other segments when one fails, and offers it for a retry', () => {
    const queue = queueOf(3);
    const failure = new Error('Limite de requisições excedido');
    queue.markTranscribed(0, 'Dor torácica');
    queue.markFailed(1, failure);
    queue.markTranscribed(2, 'pressão 140 por 90.');

    expect(queue.fullTranscript()).toBe('Dor torácica pressão 140 por 90.');
    expect(queue.allDone).toBe(false);
    expect(queue.pendingCount).toBe(0);
    expect(queue.retryable()).toEqual([{ index: 1, segment: audio('segment-1') }]);
    expect(queue.segments()[1]).toMatchObject({ status: 'failed', error: failure });

    queue.markTranscribed(1, 'ao esforço,');

    expect(queue.retryable()).toEqual([]);
    expect(queue.allDone).toBe(true);
    expect(queue.fullTranscript()).toBe('Dor torácica ao esforço, pressão 140 por 90.');
  });

  it('lists failed segments in index order', () => {
    const queue = queueOf(4);
    queue.markFailed(3, 'timeout');
    queue.markFailed(0, 'timeout');
    expect(queue.retryable().map(({ index }) => index)).toEqual([0, 3]);
    expect(queue.pendingCount).toBe(2);
  });

  it('drops the audio once transcribed and ignores a late failure', () => {
    const queue = queueOf(1);
    queue.markTranscribed(0, 'Consulta de retorno.');
    queue.markFailed(0, new Error('late'));

    expect(queue.segments()[0]).toMatchObject({
      status: 'transcribed',
      segment: undefined,
      text: 'Consulta de retorno.',
    });
    expect(queue.retryable()).toEqual([]);
  });

  it('skips blank texts when joining', () => {
    const queue = queueOf(3);
    queue.markTranscribed(0, 'Febre.');
    queue.markTranscribed(1, '   ');
    queue.markTranscribed(2, 'Tosse.');
    expect(queue.fullTranscript()).toBe('Febre. Tosse.');
  });
});
