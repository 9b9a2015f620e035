import { describe, expect, it } from 'vitest';
import { joinTranscript, seamKey, transcriptPieces, type SegmentText } from './transcript-seams';

/** Segments recorded one after another, each beginning inside the one before. */
const overlapping = (...texts: string[]): SegmentText[] =>
  texts.map((text, index) => ({ text, overlapsPrevious: index > 0 }));

describe('joining the texts of overlapping segments', () => {
  it('drops the words the seam repeats', () => {
    expect(
      joinTranscript(
        overlapping(
          'Doutor, a pressão está treze por',
          'treze por oito e a temperatura trinta e sete',
        ),
      ),
    ).toBe('Doutor, a pressão está treze por oito e a temperatura trinta e sete');
  });

  it('compares words without case, accents or punctuation, spelled as the earlier text heard them', () => {
    expect(
      joinTranscript(overlapping('Ela refere dor de cabeça.', 'Dor de cabeca há três dias.')),
    ).toBe('Ela refere dor de cabeça há três dias.');
    expect(
      joinTranscript(overlapping('A pressão arterial', 'PRESSAO ARTERIAL de cento e vinte')),
    ).toBe('A pressão arterial de cento e vinte');
  });

  it('drops a sentence the earlier text closed only because its audio ended', () => {
    expect(joinTranscript(overlapping('Tomo losartana todo dia.', 'todo dia de manhã.'))).toBe(
      'Tomo losartana todo dia de manhã.',
    );
  });

  it('drops words cut by the edges on both sides', () => {
    expect(
      joinTranscript(
        overlapping(
          'a paciente tem febre desde ontem à no',
          'ite desde ontem à noite com calafrios',
        ),
      ),
    ).toBe('a paciente tem febre desde ontem à noite com calafrios');
  });

  it('keeps texts that share nothing as they are, one after the other', () => {
    expect(joinTranscript(overlapping('Bom dia.', 'Sente alguma dor?'))).toBe(
      'Bom dia. Sente alguma dor?',
    );
  });

  it('does not trust a lone short word, which repeats by chance', () => {
    expect(joinTranscript(overlapping('falei com ele e', 'e ela respondeu'))).toBe(
      'falei com ele e e ela respondeu',
    );
  });

  it('does not look for a seam after a gap: those texts do not overlap', () => {
    expect(
      joinTranscript([
        { text: 'tomar de novo', overlapsPrevious: false },
        { text: 'de novo amanhã', overlapsPrevious: false },
      ]),
    ).toBe('tomar de novo de novo amanhã');
  });

  it('does not find a seam in the middle of a text, only at its edges', () => {
    expect(
      joinTranscript(overlapping('dor de cabeça forte e febre alta', 'ontem teve dor de cabeça')),
    ).toBe('dor de cabeça forte e febre alta ontem teve dor de cabeça');
  });

  it('joins a chain of segments, each seam once', () => {
    expect(
      joinTranscript(
        overlapping(
          'Paciente Joana Prado, trinta e oito anos,',
          'trinta e oito anos, com dor de cabeça há',
          'cabeça há três dias.',
        ),
      ),
    ).toBe('Paciente Joana Prado, trinta e oito anos, com dor de cabeça há três dias.');
  });

  it('gives each segment the words it adds: the repeated ones go with the later segment', () => {
    expect(
      transcriptPieces(
        overlapping('a pressão está treze por', 'treze por oito', 'oito', 'e febre.'),
      ),
    ).toEqual(['a pressão está', 'treze por', 'oito', 'e febre.']);
  });

  it('gives nothing for a blank segment, and keeps the others', () => {
    expect(transcriptPieces(overlapping('Febre.', '  ', 'Tosse.'))).toEqual([
      'Febre.',
      '',
      'Tosse.',
    ]);
    expect(joinTranscript(overlapping('', 'Tosse seca.'))).toBe('Tosse seca.');
    expect(joinTranscript([])).toBe('');
  });
});

describe('the key a word is compared by', () => {
  it('has no case, accents nor punctuation', () => {
    expect(seamKey('Pressão,')).toBe('pressao');
    expect(seamKey('37,8')).toBe('378');
    expect(seamKey('—')).toBe('');
  });
});
