import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TRANSCRIPT_SECTION,
  cleanUpTranscript,
  containsMedicalTerms,
  correctColloquialSpeech,
  countSectionKeywords,
  isPatientStyleText,
  suggestSection,
} from './clean-up';

describe('cleanUpTranscript', () => {
  it('gives an empty string for blank text', () => {
    expect(cleanUpTranscript('')).toBe('');
    expect(cleanUpTranscript('  \n\t ')).toBe('');
  });

  it('normalises spacing and punctuation spacing', () => {
    expect(cleanUpTranscript('paciente  com febre ,tosse e coriza')).toBe(
      'Paciente com febre, tosse e coriza.',
    );
  });

  it('capitalises the first letter and each new sentence, and adds a final full stop', () => {
    expect(cleanUpTranscript('refere febre. nega tosse! melhorou? sim')).toBe(
      'Refere febre. Nega tosse! Melhorou? Sim.',
    );
  });

  it('keeps a final ! ? or ellipsis, and turns a trailing comma or colon into a full stop', () => {
    expect(cleanUpTranscript('está melhor?')).toBe('Está melhor?');
    expect(cleanUpTranscript('vamos ver...')).toBe('Vamos ver...');
    expect(cleanUpTranscript('exame físico:')).toBe('Exame físico.');
    expect(cleanUpTranscript('febre,')).toBe('Febre.');
  });

  it('does not treat the full stop of "Dr." or an ellipsis as the end of a sentence', () => {
    expect(cleanUpTranscript('avaliado pelo Dr. silva... e liberado')).toBe(
      'Avaliado pelo Dr. silva... e liberado.',
    );
  });

  it('expands abbreviations and capitalises drug names', () => {
    expect(
      cleanUpTranscript('pcte com HAS, PA 150x90. prescrevo losartana 50mg 1 cp VO 12/12h'),
    ).toBe(
      'Paciente com hipertensão arterial sistêmica, pressão arterial 150x90. Prescrevo ' +
        'Losartana 50 mg 1 comprimido via oral de 12 em 12 horas.',
    );
  });

  it('keeps one turn per line, each turn capitalised after its speaker label and closed', () => {
    expect(cleanUpTranscript('Médico: qual o seu nome?\nPaciente: joão da silva\n\n')).toBe(
      'Médico: Qual o seu nome?\nPaciente: João da silva.',
    );
  });

  it('leaves a heading that ends in a colon inside the text', () => {
    expect(cleanUpTranscript('Exame físico:\nBEG, corado')).toBe(
      'Exame físico:\nBom estado geral, corado.',
    );
  });

  it('corrects colloquial words in patient-style text and keeps the lay clinical words', () => {
    expect(
      cleanUpTranscript('tô com dor de cabeça e dor na barriga, né doutor, tá difícil pra dormir'),
    ).toBe('Estou com dor de cabeça e dor na barriga, doutor, está difícil para dormir.');
    expect(cleanUpTranscript('eu tomo remédio pra pressão')).toBe('Eu tomo remédio para pressão.');
  });

  it('is idempotent', () => {
    const text = 'Paciente: tô com febre há 3 dias, né\nMédico: PA 120x80, dipirona 1g EV 6/6h';
    const once = cleanUpTranscript(text);
    expect(cleanUpTranscript(once)).toBe(once);
  });
});

describe('isPatientStyleText', () => {
  it.each([
    'tô com dor',
    'Tá doendo muito',
    'fui pra emergência',
    'dói, né?',
    'cê acha que é grave?',
    'eu tenho dor nas costas',
    'minha cabeça dói e eu sinto enjoo',
  ])('%j reads as a patient speaking', (text) => {
    expect(isPatientStyleText(text)).toBe(true);
  });

  it.each([
    'Paciente refere cefaleia há 2 dias.',
    'Nega febre. PA 120/80 mmHg.',
    'Eu prescrevo amoxicilina.',
    'Dosagem de pró-BNP solicitada.',
  ])('%j does not', (text) => {
    expect(isPatientStyleText(text)).toBe(false);
  });
});

describe('correctColloquialSpeech', () => {
  it.each([
    ['tô cansado', 'estou cansado'],
    ['to cansado', 'estou cansado'],
    ['Tô cansado', 'Estou cansado'],
    ['tá doendo', 'está doendo'],
    ['ta doendo', 'está doendo'],
    ['tava ruim', 'estava ruim'],
    ['tavam inchados', 'estavam inchados'],
    ['a gente tamo bem', 'a gente estamos bem'],
    ['foi pra casa', 'foi para casa'],
    ['pras costas', 'para as costas'],
    ['pro hospital', 'para o hospital'],
    ['pros rins', 'para os rins'],
    ['cê sabe', 'você sabe'],
    ['ocê sabe', 'você sabe'],
    ['dotô, dói', 'doutor, dói'],
    ['doutô, dói', 'doutor, dói'],
  ])('%j → %j', (input, expected) => {
    expect(correctColloquialSpeech(input)).toBe(expected);
  });

  it('drops the tag question "né"', () => {
    expect(correctColloquialSpeech('dói muito né')).toBe('dói muito ');
    expect(cleanUpTranscript('dói muito, né, doutor')).toBe('Dói muito, doutor.');
    expect(cleanUpTranscript('é grave né?')).toBe('É grave?');
  });

  it('keeps lay words: barriga, dor de cabeça, remédio', () => {
    const text = 'dor de cabeça, dor na barriga, o remédio';
    expect(correctColloquialSpeech(text)).toBe(text);
  });

  it('leaves words that only contain a colloquial form alone', () => {
    expect(correctColloquialSpeech('pró-BNP, tarde, prato, meta')).toBe(
      'pró-BNP, tarde, prato, meta',
    );
  });
});

describe('suggestSection', () => {
  it.each([
    ['Refere dor de cabeça e febre há 3 dias, com tosse.', 'symptoms'],
    ['Ao exame: PA 120/80 mmHg, FC 80 bpm, ausculta sem alterações.', 'physicalExam'],
    ['Hipótese diagnóstica: amigdalite, provável etiologia bacteriana.', 'assessment'],
    ['Prescrevo amoxicilina 500 mg de 8 em 8 horas, retorno em 7 dias.', 'plan'],
  ] as const)('%j → %s', (text, section) => {
    expect(suggestSection(text)).toBe(section);
  });

  it('ignores accents and case', () => {
    expect(suggestSection('HIPOTESE DIAGNOSTICA: SINUSITE')).toBe('assessment');
  });

  it('gives the default (symptoms) when no keyword is found', () => {
    expect(DEFAULT_TRANSCRIPT_SECTION).toBe('symptoms');
    expect(suggestSection('Bom dia, tudo bem?')).toBe('symptoms');
    expect(suggestSection('')).toBe('symptoms');
  });

  it('breaks ties by the record order: symptoms, physical exam, assessment, plan', () => {
    // One hit each for exam (ausculta) and plan (retorno): the exam comes first.
    expect(countSectionKeywords('ausculta normal, retorno')).toEqual({
      symptoms: 0,
      physicalExam: 1,
      assessment: 0,
      plan: 1,
    });
    expect(suggestSection('ausculta normal, retorno')).toBe('physicalExam');
    // One for assessment (hipótese) and one for plan (repouso): assessment comes first.
    expect(suggestSection('hipótese, repouso')).toBe('assessment');
    // One for symptoms (febre) and one for assessment (diagnóstico): symptoms come first.
    expect(suggestSection('febre; diagnóstico')).toBe('symptoms');
  });

  it('counts repeated keywords', () => {
    expect(countSectionKeywords('dor, dor e mais dor').symptoms).toBe(3);
  });
});

describe('containsMedicalTerms', () => {
  it.each([
    'Tenho um sintoma estranho',
    'dor nas costas',
    'teve febre ontem',
    'a pressão subiu',
    'qual medicamento?',
    'tomei o remédio',
    'o tratamento acabou',
    'trouxe o exame',
    'qual o diagnóstico',
    'a paciente chegou',
    'marcar consulta',
    'preciso de uma receita',
    'nova prescrição',
    'tenho alergia',
    'sou alérgico',
    'a queixa é antiga',
    'avaliação cardiológica',
  ])('%j has a medical term', (text) => {
    expect(containsMedicalTerms(text)).toBe(true);
  });

  it('ignores accents and case', () => {
    expect(containsMedicalTerms('DIAGNOSTICO')).toBe(true);
    expect(containsMedicalTerms('Pressao')).toBe(true);
    expect(containsMedicalTerms('REMÉDIO')).toBe(true);
  });

  it.each(['Bom dia, tudo bem?', 'vou dormir cedo', 'o dorminhoco', ''])('%j has none', (text) => {
    expect(containsMedicalTerms(text)).toBe(false);
  });
});
