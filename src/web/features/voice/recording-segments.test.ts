import { describe, expect, it } from 'vitest';
import {
  addSegment,
  failedSegmentsWithAudio,
  hasPendingSegments,
  joinSegmentTexts,
  markSegmentFailed,
  markSegmentsResent,
  markSegmentTranscribed,
  type SegmentList,
} from './recording-segments';

/** Stands for a recorded audio file. */
type FakeAudio = { name: string };
const audio = (name: string): FakeAudio => ({ name });

type FakeSegments = SegmentList<FakeAudio, string>;

function segmentsOf(count: number): FakeSegments {
  let segments: FakeSegments = [];
  for (let index = 0; index < count; index++) {
    segments = addSegment(segments, audio(`segment-${index}`), index);
  }
  return segments;
}

describe('the segments of a recorded visit', () => {
  it('start empty, with nothing pending', () => {
    const segments: FakeSegments = [];
    expect(hasPendingSegments(segments)).toBe(false);
    expect(joinSegmentTexts(segments)).toBe('');
    expect(failedSegmentsWithAudio(segments)).toEqual([]);
  });

  it('count added segments as pending, kept in index order', () => {
    let segments: FakeSegments = [];
    segments = addSegment(segments, audio('second'), 1);
    segments = addSegment(segments, audio('first'), 0);
    expect(hasPendingSegments(segments)).toBe(true);
    expect(segments.map(({ index, status }) => [index, status])).toEqual([
      [0, 'pending'],
      [1, 'pending'],
    ]);
  });

  it('ignore an index added twice and answers for an index never added', () => {
    const segments = segmentsOf(1);
    expect(addSegment(segments, audio('again'), 0)).toBe(segments);
    expect(markSegmentTranscribed(segments, 5, 'x')).toBe(segments);
    expect(markSegmentFailed(segments, 5, 'x')).toBe(segments);
  });

  it('never change the list they are given', () => {
    const segments = segmentsOf(2);
    markSegmentTranscribed(segments, 0, 'Febre.');
    markSegmentFailed(segments, 1, 'timeout');
    expect(segments.map(({ status }) => status)).toEqual(['pending', 'pending']);
  });

  it('join the texts in index order whatever order they arrive in', () => {
    let segments = segmentsOf(3);
    segments = markSegmentTranscribed(segments, 2, 'sem febre.');
    segments = markSegmentTranscribed(segments, 0, 'Paciente relata dor de cabeça ');
    segments = markSegmentTranscribed(segments, 1, ' há três dias,');

    expect(joinSegmentTexts(segments)).toBe(
      'Paciente relata dor de cabeça há três dias, sem febre.',
    );
    expect(hasPendingSegments(segments)).toBe(false);
  });

  it('keep the other segments when one fails, and offer it for a retry', () => {
    let segments = segmentsOf(3);
    segments = markSegmentTranscribed(segments, 0, 'Dor torácica');
    segments = markSegmentFailed(segments, 1, 'Limite de requisições excedido');
    segments = markSegmentTranscribed(segments, 2, 'pressão 140 por 90.');

    expect(joinSegmentTexts(segments)).toBe('Dor torácica pressão 140 por 90.');
    expect(hasPendingSegments(segments)).toBe(false);
    expect(failedSegmentsWithAudio(segments)).toEqual([
      { index: 1, audio: audio('segment-1'), failure: 'Limite de requisições excedido' },
    ]);

    segments = markSegmentsResent(segments, [1]);
    expect(segments[1]).toMatchObject({ status: 'pending', audio: audio('segment-1') });
    expect(hasPendingSegments(segments)).toBe(true);

    segments = markSegmentTranscribed(segments, 1, 'ao esforço,');
    expect(failedSegmentsWithAudio(segments)).toEqual([]);
    expect(joinSegmentTexts(segments)).toBe('Dor torácica ao esforço, pressão 140 por 90.');
  });

  it('resend only failed segments', () => {
    let segments = segmentsOf(2);
    segments = markSegmentTranscribed(segments, 0, 'Febre.');
    segments = markSegmentFailed(segments, 1, 'timeout');
    const resent = markSegmentsResent(segments, [0, 1]);
    expect(resent.map(({ status }) => status)).toEqual(['transcribed', 'pending']);
  });

  it('list failed segments in index order', () => {
    let segments = segmentsOf(4);
    segments = markSegmentFailed(segments, 3, 'timeout');
    segments = markSegmentFailed(segments, 0, 'timeout');
    expect(failedSegmentsWithAudio(segments).map(({ index }) => index)).toEqual([0, 3]);
    expect(hasPendingSegments(segments)).toBe(true);
  });

  it('drop the audio once transcribed and ignore a late failure', () => {
    let segments = segmentsOf(1);
    segments = markSegmentTranscribed(segments, 0, 'Consulta de retorno.');
    segments = markSegmentFailed(segments, 0, 'late');

    expect(segments[0]).toMatchObject({
      status: 'transcribed',
      audio: undefined,
      text: 'Consulta de retorno.',
    });
    expect(failedSegmentsWithAudio(segments)).toEqual([]);
  });

  it('skip blank texts when joining', () => {
    let segments = segmentsOf(3);
    segments = markSegmentTranscribed(segments, 0, 'Febre.');
    segments = markSegmentTranscribed(segments, 1, '   ');
    segments = markSegmentTranscribed(segments, 2, 'Tosse.');
    expect(joinSegmentTexts(segments)).toBe('Febre. Tosse.');
  });
});
