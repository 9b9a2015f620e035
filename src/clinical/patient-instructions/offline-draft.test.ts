import { describe, expect, it } from 'vitest';
import type { RecordContent } from '@shared/records/medical-record';
import {
  ALLERGY_WARNING_SIGN,
  completeModelDraft,
  draftPatientInstructions,
  intervalInWords,
  URGENT_CARE_LINE,
} from './offline-draft';

const HYPERTENSIVE_DIABETIC: RecordContent = {
  symptoms: { chiefComplaint: 'Cefaleia e tontura há 2 dias' },
  assessment: 'HAS descompensada. DM2 com controle irregular. Nega DPOC.',
  plan: 'Ajuste da losartana. Dieta hipossódica e atividade física. Aferir PA em casa. Retorno em 30 dias com exames.',
  prescriptions: {
    medications: [
      {
        name: 'Losartana',
        dosage: '50 mg',
        dosePerIntake: '1 comprimido',
        frequency: '1x ao dia',
        duration: 'uso contínuo',
      },
    ],
    exams: [{ name: 'Hemoglobina glicada' }],
  },
};

describe('draftPatientInstructions', () => {
  it('says what she has in lay words, never the abbreviations, and skips what is denied', () => {
    const draft = draftPatientInstructions(HYPERTENSIVE_DIABETIC);
    expect(draft.condition).toMatch(/^Você tem pressão alta e diabetes\. /);
    expect(draft.condition).toContain('açúcar no sangue');
    // 'Nega DPOC': no lung disease; no abbreviation left for her to decode.
    expect(draft.condition).not.toMatch(/pulmões|\bHAS\b|\bDM2?\b|\bDPOC\b/);
  });

  it('says a suspicion as a possibility, and what each condition is', () => {
    const draft = draftPatientInstructions({
      assessment: 'Suspeita de pneumonia. Asma.',
    });
    expect(draft.condition).toBe(
      'Você tem asma. Também pode ser que você tenha pneumonia; isso ainda precisa ser confirmado. ' +
        'Na asma, os canais que levam o ar aos pulmões se fecham em crises e causam chiado, tosse e falta de ar. ' +
        'Pneumonia é uma infecção no pulmão.',
    );
  });

  it('falls back on the complaint, in lay words when the table knows them', () => {
    expect(
      draftPatientInstructions({ symptoms: { chiefComplaint: 'Cefaleia há 3 dias' } }).condition,
    ).toBe('Você tem dor de cabeça.');
    expect(
      draftPatientInstructions({ symptoms: { chiefComplaint: 'Mancha na pele há um mês.' } })
        .condition,
    ).toBe('Você veio à consulta por mancha na pele há um mês.');
    expect(draftPatientInstructions({}).condition).toBe('');
  });

  it('always names SAMU 192 and the pronto-socorro, with the signs of what she has first', () => {
    const draft = draftPatientInstructions(HYPERTENSIVE_DIABETIC);
    const [first, ...signs] = draft.warningSigns.split('\n');
    expect(first).toBe(URGENT_CARE_LINE);
    expect(first).toContain('SAMU (192)');
    expect(first).toContain('pronto-socorro');
    expect(signs.slice(0, 2)).toEqual([
      '• dor forte no peito',
      '• dor de cabeça muito forte e repentina',
    ]);
    expect(signs).toContain(
      '• tremor, suor frio, confusão ou desmaio (pode ser açúcar baixo no sangue)',
    );
    expect(signs).toContain('• falta de ar ou dificuldade para respirar');
    // She takes a medicine: the signs of an allergy to it.
    expect(signs.at(-1)).toBe(`• ${ALLERGY_WARNING_SIGN}`);
    // No sign twice, not even one inside another.
    expect(new Set(signs).size).toBe(signs.length);
  });

  it('keeps a shorter sign out when a longer one says it', () => {
    const signs = draftPatientInstructions({ assessment: 'Faringoamigdalite' }).warningSigns;
    expect(signs).toContain('• falta de ar ou dificuldade para respirar');
    expect(signs.split('\n')).not.toContain('• falta de ar');
    expect(signs).not.toContain(ALLERGY_WARNING_SIGN);
  });

  it('takes the return the plan states, with the exams to bring', () => {
    expect(draftPatientInstructions(HYPERTENSIVE_DIABETIC).followUp).toBe(
      'Volte para uma nova consulta em 30 dias. Faça os exames pedidos e traga os resultados. ' +
        'Se piorar antes disso, não espere o retorno: procure atendimento.',
    );
    expect(
      draftPatientInstructions({ plan: 'Sintomáticos. Retorno em 48-72h se persistir febre.' })
        .followUp,
    ).toMatch(/^Volte para uma nova consulta em 48 a 72 horas\./);
  });

  it('asks her to come back if needed when the plan states no return', () => {
    expect(draftPatientInstructions({ plan: 'Sintomáticos.' }).followUp).toBe(
      'Se não melhorar nos próximos dias, ou se piorar, marque uma nova consulta.',
    );
    expect(draftPatientInstructions({ plan: 'Retorno se necessário.' }).followUp).toBe(
      'Volte para uma nova consulta se não melhorar ou se precisar.',
    );
  });

  it('writes the care the plan asks for in plain words, and what her medicines need', () => {
    const care = draftPatientInstructions(HYPERTENSIVE_DIABETIC).care.split('\n');
    expect(care).toEqual([
      'Não pare os remédios de uso contínuo sem falar com seu médico.',
      'Coma com pouco sal: evite embutidos, enlatados, salgadinhos e temperos prontos.',
      'Faça atividade física com regularidade, como caminhadas.',
      'Meça a pressão em dias e horários diferentes e anote os valores para mostrar na próxima consulta.',
    ]);
    const antibiotic = draftPatientInstructions({
      plan: 'Hidratação oral e repouso.',
      prescriptions: {
        medications: [
          { name: 'Amoxicilina', dosage: '500 mg', frequency: '8/8h', duration: '7 dias' },
        ],
      },
    }).care.split('\n');
    expect(antibiotic).toEqual([
      'Use Amoxicilina até o último dia do tratamento, mesmo que melhore antes.',
      'Beba bastante água ao longo do dia.',
      'Descanse nos próximos dias.',
    ]);
  });

  it('never copies the plan as written: what it does not recognise stays out', () => {
    const draft = draftPatientInstructions({ plan: 'Solicito TC de crânio. Manter IECA.' });
    expect(draft.care).toBe('');
    expect(Object.values(draft).join(' ')).not.toMatch(/IECA|TC de crânio/);
  });
});

describe('intervalInWords', () => {
  it.each([
    ['48–72 h', '48 a 72 horas'],
    ['48-72h', '48 a 72 horas'],
    ['7 d', '7 dias'],
    ['30 dias', '30 dias'],
    ['1 mês', '1 mês'],
  ])('%s → %s', (interval, words) => {
    expect(intervalInWords(interval)).toBe(words);
  });
});

describe('completeModelDraft', () => {
  it("writes out the model's abbreviations, fills its blanks and names SAMU 192", () => {
    const draft = completeModelDraft(
      {
        condition: 'Você tem HAS, a pressão alta.',
        care: 'Evite sal. Tome os remédios VO.',
        warningSigns: 'Procure ajuda se tiver dor no peito.',
        followUp: '',
      },
      HYPERTENSIVE_DIABETIC,
    );
    expect(draft).toEqual({
      condition: 'Você tem pressão alta, a pressão alta.',
      care: 'Evite sal. Tome os remédios pela boca.',
      warningSigns: `${URGENT_CARE_LINE}\nProcure ajuda se tiver dor no peito.`,
      followUp: draftPatientInstructions(HYPERTENSIVE_DIABETIC).followUp,
    });
  });

  it('keeps warning signs that already name SAMU 192', () => {
    const signs = 'Se tiver falta de ar, ligue 192 (SAMU).';
    expect(
      completeModelDraft({ condition: 'x', care: '', warningSigns: signs, followUp: 'y' }, {})
        .warningSigns,
    ).toBe(signs);
  });
});
