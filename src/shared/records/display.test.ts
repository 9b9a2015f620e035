import { describe, expect, it } from 'vitest';
import { NOT_EVALUATED, NOT_INFORMED } from '../ai/extraction';
import type { StructuredAnamnesis } from './medical-record';
import {
  anamnesisSections,
  confidenceColour,
  confidencePercent,
  FEEDBACK_DATE_INVALID,
  FEEDBACK_DATE_MISSING,
  feedbackContent,
  feedbackDateText,
  hasFeedbackContent,
  isShownAnamnesisValue,
  recordViewTitle,
} from './display';

const EMPTY_ANAMNESIS: StructuredAnamnesis = {
  identificacao: { nome: NOT_INFORMED, sexo: NOT_INFORMED, idade: NOT_INFORMED },
  queixaPrincipal: NOT_INFORMED,
  historiaDoencaAtual: NOT_INFORMED,
  antecedentesPessoais: NOT_INFORMED,
  antecedentesFamiliares: NOT_INFORMED,
  habitosVida: NOT_INFORMED,
  exameFisico: NOT_EVALUATED,
  historiaSocial: NOT_INFORMED,
  hipotesesDiagnosticas: NOT_INFORMED,
  condutas: NOT_INFORMED,
  orientacoes: NOT_INFORMED,
  resumoClinico: NOT_INFORMED,
  confidence: 0,
};

describe('recordViewTitle', () => {
  it("names the patient, or 'Novo paciente' before a name is typed", () => {
    expect(recordViewTitle({ patientInfo: { name: ' Maria Souza ' } })).toBe(
      'Prontuário — Maria Souza',
    );
    expect(recordViewTitle({ patientInfo: { name: '   ' } })).toBe('Prontuário — Novo paciente');
    expect(recordViewTitle({})).toBe('Prontuário — Novo paciente');
  });
});

describe('isShownAnamnesisValue', () => {
  it('hides the placeholders in any case, accent or trailing punctuation', () => {
    for (const value of [
      NOT_INFORMED,
      NOT_EVALUATED,
      'NÃO INFORMADO',
      'nao avaliado.',
      ' Não  informado ',
    ]) {
      expect(isShownAnamnesisValue(value), value).toBe(false);
    }
  });

  it('hides blank and missing values', () => {
    expect(isShownAnamnesisValue('')).toBe(false);
    expect(isShownAnamnesisValue('  \n ')).toBe(false);
    expect(isShownAnamnesisValue(undefined)).toBe(false);
  });

  it('shows real content, even when it mentions a placeholder', () => {
    expect(isShownAnamnesisValue('Cefaleia há 3 dias')).toBe(true);
    expect(isShownAnamnesisValue('Tabagismo não informado; etilismo social')).toBe(true);
  });
});

describe('confidenceColour', () => {
  it('is green from 0.8, yellow from 0.6, red below', () => {
    expect(confidenceColour(1)).toBe('green');
    expect(confidenceColour(0.8)).toBe('green');
    expect(confidenceColour(0.79)).toBe('yellow');
    expect(confidenceColour(0.6)).toBe('yellow');
    expect(confidenceColour(0.59)).toBe('red');
    expect(confidenceColour(0)).toBe('red');
    expect(confidenceColour(Number.NaN)).toBe('red');
  });
});

describe('confidencePercent', () => {
  it('rounds to a whole percentage within 0–100', () => {
    expect(confidencePercent(0.854)).toBe(85);
    expect(confidencePercent(0.855)).toBe(86);
    expect(confidencePercent(1.4)).toBe(100);
    expect(confidencePercent(-0.2)).toBe(0);
    expect(confidencePercent(Number.NaN)).toBe(0);
  });
});

describe('anamnesisSections', () => {
  it('shows nothing for an anamnesis of placeholders only', () => {
    expect(anamnesisSections(EMPTY_ANAMNESIS)).toEqual([]);
  });

  it('keeps the spoken parts, in order, with Portuguese titles and paragraphs split', () => {
    const sections = anamnesisSections({
      ...EMPTY_ANAMNESIS,
      identificacao: { nome: 'Maria Souza', sexo: NOT_INFORMED, idade: '45 anos' },
      queixaPrincipal: 'Cefaleia há 3 dias.',
      exameFisico: 'BEG, corada.\n\nPA 140/90 mmHg.',
      resumoClinico: 'Mulher de 45 anos com cefaleia.',
      confidence: 0.9,
    });
    expect(sections).toEqual([
      { title: 'Identificação', lines: ['Nome: Maria Souza', 'Idade: 45 anos'] },
      { title: 'Queixa Principal', lines: ['Cefaleia há 3 dias.'] },
      { title: 'Exame Físico', lines: ['BEG, corada.', 'PA 140/90 mmHg.'] },
      { title: 'Resumo Clínico', lines: ['Mulher de 45 anos com cefaleia.'] },
    ]);
  });

  it('lists every section title when all hold content', () => {
    const filled = Object.fromEntries(
      Object.keys(EMPTY_ANAMNESIS).map((key) => [key, 'Texto']),
    ) as unknown as StructuredAnamnesis;
    const titles = anamnesisSections({
      ...filled,
      identificacao: { nome: 'A', sexo: 'feminino', idade: '3 anos' },
      confidence: 1,
    }).map((section) => section.title);
    expect(titles).toEqual([
      'Identificação',
      'Queixa Principal',
      'História da Doença Atual',
      'Antecedentes Pessoais',
      'Antecedentes Familiares',
      'Hábitos de Vida',
      'Exame Físico',
      'História Social',
      'Hipóteses Diagnósticas',
      'Condutas',
      'Orientações',
      'Resumo Clínico',
    ]);
  });
});

describe('feedbackDateText', () => {
  it('formats a valid moment as dd/MM/yyyy HH:mm in local time', () => {
    // A local-time ISO string (no offset), so the text holds in every time zone.
    expect(feedbackDateText('2026-11-21T14:30:00')).toBe('21/11/2026 14:30');
    const moment = new Date(2026, 2, 1, 7, 3);
    expect(feedbackDateText(moment.toISOString())).toBe('01/03/2026 07:03');
  });

  it("says 'Data não informada' when missing or blank", () => {
    expect(feedbackDateText()).toBe(FEEDBACK_DATE_MISSING);
    expect(feedbackDateText('')).toBe('Data não informada');
    expect(feedbackDateText('  ')).toBe('Data não informada');
  });

  it("says 'Data inválida' for text that is not a real date", () => {
    expect(feedbackDateText('ontem')).toBe(FEEDBACK_DATE_INVALID);
    expect(feedbackDateText('2026-02-30T10:00:00Z')).toBe('Data inválida');
  });
});

describe('feedbackContent', () => {
  it('gives a paragraph for a text and a bullet list for a list', () => {
    expect(feedbackContent(' Cefaleia ')).toEqual({ kind: 'text', text: 'Cefaleia' });
    expect(feedbackContent(['Cefaleia', ' ', 'Náusea '])).toEqual({
      kind: 'list',
      items: ['Cefaleia', 'Náusea'],
    });
  });

  it('gives nothing for missing, blank or empty values', () => {
    expect(feedbackContent(undefined)).toBeUndefined();
    expect(feedbackContent('  ')).toBeUndefined();
    expect(feedbackContent([])).toBeUndefined();
    expect(feedbackContent(['', ' '])).toBeUndefined();
  });
});

describe('hasFeedbackContent', () => {
  it('is false without feedback or with only a date', () => {
    expect(hasFeedbackContent(undefined)).toBe(false);
    expect(hasFeedbackContent({ generatedAt: '2026-11-21T14:30:00Z' })).toBe(false);
    expect(hasFeedbackContent({ mainSymptoms: [] })).toBe(false);
  });

  it('is true when any card holds something', () => {
    expect(hasFeedbackContent({ doctorFeedback: 'Boa escuta.' })).toBe(true);
  });
});
