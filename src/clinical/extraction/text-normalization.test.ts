import { describe, expect, it } from 'vitest';
import {
  capitalizeFirst,
  cleanPhrase,
  foldText,
  normalizeConsultationText,
  prepareText,
  removeAccents,
} from './text-normalization';

describe('text forms', () => {
  it('folds case and accents without changing the length', () => {
    const text = 'Ação: Pressão ARTERIAL é 12 por 8, Sr. José';
    expect(foldText(text)).toBe('acao: pressao arterial e 12 por 8, sr. jose');
    expect(foldText(text)).toHaveLength(text.length);
    expect(removeAccents('Ícone ÇÃO')).toBe('Icone CAO');
  });

  it('keeps the three prepared forms aligned', () => {
    const { original, accentless, folded } = prepareText('  Médico:\tOlá!\r\nPaciente:  Tô  bem. ');
    expect(original).toBe('Médico: Olá!\nPaciente: Tô bem.');
    expect(accentless).toBe('Medico: Ola!\nPaciente: To bem.');
    expect(folded).toBe('medico: ola!\npaciente: to bem.');
  });

  it('normalises quotes, dashes and Unicode forms', () => {
    const decomposed = 'pressa\u0303o'; // 'pressão' typed with a combining tilde
    expect(normalizeConsultationText(`“${decomposed}” – ok`)).toBe('"pressão" - ok');
  });
});

describe('cleanPhrase', () => {
  it('trims punctuation, quotes and dangling connectives', () => {
    expect(cleanPhrase('  dor de cabeça , ')).toBe('dor de cabeça');
    expect(cleanPhrase('"tosse seca" e')).toBe('tosse seca');
    expect(cleanPhrase('e a dipirona.')).toBe('a dipirona');
  });

  it('capitalises the first letter only', () => {
    expect(capitalizeFirst('falta de ar')).toBe('Falta de ar');
  });
});
