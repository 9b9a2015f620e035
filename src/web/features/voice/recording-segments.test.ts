import { describe, expect, it } from 'vitest';
import {
  addSegment,
  failedSegmentsWithAudio,
  hasPendingSegments,
  joinSegmentTexts,
  markSegmentFailed,
  markSegmentsResent,
  markSegmentTranscribed,
  markSegmentWaiting,
  segmentPieces,
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

  it('join overlapping segments without repeating the words both heard', () => {
    let segments = segmentsOf(3);
    segments = markSegmentTranscribed(segments, 0, 'Pressão de treze por');
    segments = markSegmentTranscribed(segments, 1, 'treze por oito, temperatura');
    segments = markSegmentTranscribed(segments, 2, 'Temperatura trinta e sete.');
    expect(joinSegmentTexts(segments)).toBe(
      'Pressão de treze por oito, temperatura trinta e sete.',
    );
    expect(segmentPieces(segments)).toEqual([
      { index: 0, text: 'Pressão de' },
      { index: 1, text: 'treze por oito,' },
      { index: 2, text: 'temperatura trinta e sete.' },
    ]);
  });

  it('look for no seam across a segment not transcribed yet: those do not overlap', () => {
    let segments = segmentsOf(3);
    segments = markSegmentTranscribed(segments, 0, 'Refere dor no peito');
    segments = markSegmentTranscribed(segments, 2, 'dor no peito ao esforço');
    expect(joinSegmentTexts(segments)).toBe('Refere dor no peito dor no peito ao esforço');
  });

  it('mark a pending segment waiting to be sent again, until it is transcribed or given up', () => {
    let segments = segmentsOf(2);
    segments = markSegmentWaiting(segments, 0, 'connection');
    segments = markSegmentWaiting(segments, 1, 'service');
    expect(segments.map(({ status, waiting }) => [status, waiting])).toEqual([
      ['pending', 'connection'],
      ['pending', 'service'],
    ]);
    expect(hasPendingSegments(segments)).toBe(true);

    segments = markSegmentTranscribed(segments, 0, 'Febre.');
    segments = markSegmentFailed(segments, 1, 'timeout');
    expect(segments.map(({ status, waiting }) => [status, waiting])).toEqual([
      ['transcribed', undefined],
      ['failed', undefined],
    ]);
    expect(markSegmentWaiting(segments, 0, 'service')).toBe(segments);
    expect(failedSegmentsWithAudio(segments)).toHaveLength(1);
  });
});
