import type { PatientInstructionsText } from '@shared/documents/patient-instructions';
import { listInWords } from '@shared/lib/pt-br-format';
import { foldAccents } from '@shared/lib/text-folding';
import { isContinuousUse } from '@shared/prescriptions/posology';
import type { RecordContent } from '@shared/records/medical-record';
import { statedReturnInterval } from '@shared/records/plan-suggestions';
import { specialPrescriptionKind } from '../prescriptions/controlled-medicines';
import { conditionsIn, withoutAbbreviations, type ConditionFound } from './lay-terms';

/**
 * The offline engine's draft of the orientações ao paciente (docs/documentos.md, "Orientações ao
 * paciente"): from the visit's assessment, plan and prescription, by rules — the diagnosis in lay
 * words from a table, the care the plan asks for, the warning signs of what she has with the
 * general ones, and the return the plan states. Addressed to the patient ('você'). The medicines
 * are not here: code copies them from the prescription (`patientMedicinesOf`).
 */

/** Where the page sends her when something is wrong: always named, in every draft. */
export const URGENT_CARE_LINE =
  'Ligue para o SAMU (192) ou vá ao pronto-socorro mais próximo se tiver:';

/** Signs that call for urgent care whatever she has. */
export const GENERAL_WARNING_SIGNS: readonly string[] = [
  'falta de ar ou dificuldade para respirar',
  'dor forte no peito',
  'desmaio, confusão ou convulsão',
  'piora rápida, ou qualquer sintoma que pareça grave para você',
];

/** With any medicine: the signs of an allergic reaction to it. */
export const ALLERGY_WARNING_SIGN =
  'inchaço no rosto, nos lábios ou na garganta, ou manchas vermelhas pelo corpo depois de tomar um remédio';

/**
 * What the plan asks besides the medicines, as doctors write it (folded), and the same in plain
 * words. Only what is recognised goes to the patient: never the doctor's shorthand as written.
 */
const CARE_PHRASES: readonly [RegExp, string][] = [
  [
    /\b(?:hidratacao|hidratar|ingesta hidrica|aumentar (?:a )?ingesta de liquidos)/,
    'Beba bastante água ao longo do dia.',
  ],
  [
    /\b(?:soro de reidratacao|sro|reidratacao oral)\b/,
    'Tome soro de reidratação oral aos poucos, ao longo do dia, sempre que tiver diarreia.',
  ],
  [/\brepouso\b/, 'Descanse nos próximos dias.'],
  [
    /\b(?:dieta hipossodica|restricao de sal|reduzir (?:o )?(?:consumo de )?sal|pouco sal)\b/,
    'Coma com pouco sal: evite embutidos, enlatados, salgadinhos e temperos prontos.',
  ],
  [
    /\b(?:dieta (?:para diabetes|hipoglicidica)|evitar (?:o )?acucar|reduzir (?:o )?acucar|restricao de acucar)/,
    'Evite doces, açúcar e refrigerantes.',
  ],
  [
    /\b(?:dieta (?:leve|fracionada)|refeicoes fracionadas|fracionar (?:a )?dieta)\b/,
    'Faça refeições leves, em pequenas quantidades, várias vezes ao dia.',
  ],
  [
    /\b(?:atividade fisica|exercicios? fisicos?|caminhadas?)\b/,
    'Faça atividade física com regularidade, como caminhadas.',
  ],
  [
    /\b(?:perda de peso|reducao (?:de|do) peso|emagrec\w*)\b/,
    'Procure perder peso, com alimentação equilibrada e atividade física.',
  ],
  [
    /\b(?:cessacao do tabagismo|cessar (?:o )?tabagismo|parar de fumar|abandono do tabagismo|suspender (?:o )?tabagismo)\b/,
    'Pare de fumar: peça ajuda no posto de saúde, se precisar.',
  ],
  [
    /\b(?:evitar (?:o )?(?:consumo de )?(?:alcool|bebidas alcoolicas)|abstinencia alcoolica|suspender (?:o )?(?:alcool|etilismo))\b/,
    'Evite bebidas alcoólicas.',
  ],
  [/\bcompressas? morna/, 'Faça compressas mornas no local.'],
  [
    /\b(?:compressas? fria|compressas? gelada|gelo local)/,
    'Faça compressas frias no local, com gelo envolto num pano.',
  ],
  [
    /\b(?:lavagem nasal|soro fisiologico (?:nas narinas|nasal))\b/,
    'Lave o nariz com soro fisiológico várias vezes ao dia.',
  ],
  [
    /\b(?:monitorar|monitorizacao|aferir|afericao|medir|controle)(?: da| a)? (?:pa|pressao)\b/,
    'Meça a pressão em dias e horários diferentes e anote os valores para mostrar na próxima consulta.',
  ],
  [
    /\b(?:glicemia capilar|medir (?:a )?glicemia|monitorar (?:a )?glicemia|controle glicemico)\b/,
    'Meça o açúcar no sangue (a glicemia) como combinado e anote os valores.',
  ],
  [
    /\b(?:elevar|elevacao)(?: d?os| de)? (?:membros inferiores|mmii|pernas)\b/,
    'Deixe as pernas elevadas quando estiver sentado ou deitado.',
  ],
  [
    /\bhigiene do sono\b/,
    'Procure dormir e acordar sempre nos mesmos horários e evite telas antes de dormir.',
  ],
];

/** 'Você tem pressão alta e diabetes.', then what each one is, then what may be. */
function conditionText(found: readonly ConditionFound[]): string {
  const certain = found.filter((item) => !item.suspected).map((item) => item.condition);
  const suspected = found.filter((item) => item.suspected).map((item) => item.condition);
  const sentences: string[] = [];
  if (certain.length > 0) {
    sentences.push(`Você tem ${listInWords(certain.map((condition) => condition.lay))}.`);
  }
  if (suspected.length > 0) {
    sentences.push(
      `${certain.length > 0 ? 'Também pode ser' : 'Pode ser'} que você tenha ${listInWords(
        suspected.map((condition) => condition.lay),
      )}; isso ainda precisa ser confirmado.`,
    );
  }
  for (const condition of [...certain, ...suspected]) {
    if (condition.explanation) sentences.push(condition.explanation);
  }
  return sentences.join(' ');
}

/** A complaint as she might say it: the first letter lower case, no full stop. */
function asTold(text: string): string {
  const trimmed = text.trim().replace(/[.;\s]+$/, '');
  return /^\p{Lu}\p{Ll}/u.test(trimmed)
    ? trimmed.charAt(0).toLowerCase() + trimmed.slice(1)
    : trimmed;
}

/** The care the plan asks for, in plain words, in the table's order, each once. */
function careText(record: RecordContent): string[] {
  const plan = foldAccents(
    [record.plan, record.prescriptions?.additionalNotes].filter(Boolean).join('\n'),
  );
  return CARE_PHRASES.filter(([written]) => written.test(plan)).map(([, words]) => words);
}

/** What her medicines ask besides their posology: finishing an antimicrobial, never stopping a continuous one. */
function medicineCare(record: RecordContent): string[] {
  const medications = record.prescriptions?.medications ?? [];
  const sentences: string[] = [];
  for (const item of medications) {
    if (specialPrescriptionKind(item.name, item.dosage)?.list === 'antimicrobiano') {
      sentences.push(
        `Use ${item.name.trim()} até o último dia do tratamento, mesmo que melhore antes.`,
      );
    }
  }
  if (medications.some((item) => isContinuousUse(item))) {
    sentences.push('Não pare os remédios de uso contínuo sem falar com seu médico.');
  }
  return sentences;
}

/** '48–72 h' → '48 a 72 horas'; '7 d' → '7 dias': an interval as she reads it. */
export function intervalInWords(interval: string): string {
  return interval
    .replace(/\s*(?:–|—|-|\/)\s*/g, ' a ')
    .replace(/(\d)\s*hs?\b\.?/gi, '$1 horas')
    .replace(/(\d)\s*d\b\.?/gi, '$1 dias')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the plan leaves the return to need: 'retorno se necessário', 'retorno s/n'. */
const RETURN_IF_NEEDED =
  /\b(?:retorn\w*|reavalia\w*)\s+(?:se (?:necessario|preciso|piora|nao melhorar|persistir)|s\/n|sn|conforme necessidade)/;

/** 'Quando voltar': the return the plan states, the exams to bring, and not to wait if it gets worse. */
function followUpText(record: RecordContent): string {
  const interval = statedReturnInterval(record);
  const exams = record.prescriptions?.exams ?? [];
  const sentences: string[] = [];
  if (interval) {
    sentences.push(`Volte para uma nova consulta em ${intervalInWords(interval)}.`);
    if (exams.length > 0) sentences.push('Faça os exames pedidos e traga os resultados.');
    sentences.push('Se piorar antes disso, não espere o retorno: procure atendimento.');
  } else {
    if (exams.length > 0) {
      sentences.push('Faça os exames pedidos e volte com os resultados para uma nova consulta.');
    }
    sentences.push(
      RETURN_IF_NEEDED.test(foldAccents(record.plan ?? ''))
        ? 'Volte para uma nova consulta se não melhorar ou se precisar.'
        : 'Se não melhorar nos próximos dias, ou se piorar, marque uma nova consulta.',
    );
  }
  return sentences.join(' ');
}

/** The signs to seek urgent care for, the condition's first, each once, as a list. */
function warningSignsText(found: readonly ConditionFound[], withMedicines: boolean): string {
  const signs: string[] = [];
  // A sign another one already says is left out: 'falta de ar' beside 'falta de ar ou
  // dificuldade para respirar' keeps the longer.
  const add = (sign: string) => {
    const folded = foldAccents(sign);
    if (signs.some((known) => foldAccents(known).includes(folded))) return;
    const shorter = signs.findIndex((known) => folded.includes(foldAccents(known)));
    if (shorter >= 0) signs[shorter] = sign;
    else signs.push(sign);
  };
  for (const { condition } of found) condition.warnings.forEach(add);
  GENERAL_WARNING_SIGNS.forEach(add);
  if (withMedicines) add(ALLERGY_WARNING_SIGN);
  return [URGENT_CARE_LINE, ...signs.map((sign) => `• ${sign}`)].join('\n');
}

/**
 * The orientações as the offline engine writes them from the visit: what she has in lay words
 * (the assessment's diagnoses, else the chief complaint's), the care the plan asks for and her
 * medicines need, the warning signs with SAMU 192, and when to return.
 * @param record - the visit's record
 */
export function draftPatientInstructions(record: RecordContent): PatientInstructionsText {
  const fromAssessment = conditionsIn(record.assessment ?? '');
  const complaint = record.symptoms?.chiefComplaint?.trim() ?? '';
  const found = fromAssessment.length > 0 ? fromAssessment : conditionsIn(complaint);
  const condition =
    found.length > 0
      ? conditionText(found)
      : complaint
        ? `Você veio à consulta por ${withoutAbbreviations(asTold(complaint))}.`
        : '';
  const withMedicines = (record.prescriptions?.medications ?? []).length > 0;
  return {
    condition,
    care: [...medicineCare(record), ...careText(record)].join('\n'),
    warningSigns: warningSignsText(found, withMedicines),
    followUp: followUpText(record),
  };
}

/**
 * A model's draft made safe to show: abbreviations written out, a blank section filled by the
 * offline engine, and the warning signs always naming SAMU 192 and the pronto-socorro.
 * @param reply - the model's sections
 * @param record - the visit, for what the model left blank
 */
export function completeModelDraft(
  reply: PatientInstructionsText,
  record: RecordContent,
): PatientInstructionsText {
  const offline = draftPatientInstructions(record);
  const or = (text: string, otherwise: string) => {
    const plain = withoutAbbreviations(text.trim());
    return plain === '' ? otherwise : plain;
  };
  const warningSigns = or(reply.warningSigns, offline.warningSigns);
  return {
    condition: or(reply.condition, offline.condition),
    // Care may be blank: a model that found none says so by leaving it out.
    care: withoutAbbreviations(reply.care.trim()),
    warningSigns: /\b192\b/.test(warningSigns)
      ? warningSigns
      : `${URGENT_CARE_LINE}\n${warningSigns}`,
    followUp: or(reply.followUp, offline.followUp),
  };
}
