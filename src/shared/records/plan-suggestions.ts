import type { RecordContent } from './medical-record';
import { PLAN_SUGGESTIONS_FALLBACK, type PlanSuggestions } from './step-rules';
import { foldForMatching } from '../lib/text-folding';

/** The general advice that asks for a visit in person: said only of a teleconsulta. */
export const IN_PERSON_SUGGESTION = 'Avaliação clínica presencial para confirmação diagnóstica';

/** What is left to suggest when the plan already says everything else. */
export const ALARM_SIGNS_SUGGESTION = 'Orientar sinais de alarme para retorno antecipado';

const COUNT = String.raw`(?:\d+(?:[.,]\d+)?|uma?|dois|duas|tr[eê]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|quinze|vinte|trinta|quarenta e oito|setenta e duas)`;
const UNIT = String.raw`(?:h\b|hs\b|horas?|d\b|dias?|semanas?|m[eê]s|meses|anos?)`;
const RANGE = String.raw`${COUNT}\s*(?:${UNIT}\s*)?(?:(?:a|-|–|—|ou|/|e)\s*${COUNT}\s*)?${UNIT}`;

/**
 * 'retorno em 48–72 h', 'retornar em 2 dias', 'reavaliação após 1 semana', 'nova consulta
 * dentro de 15 dias': a return the doctor wrote, with its interval.
 */
const RETURN_INTERVAL = new RegExp(
  String.raw`\b(?:retorn\p{L}*|reavalia\p{L}*|revis[aã]o|reconsulta|nova consulta|controle)\s+(?:(?:em|ap[oó]s|dentro de|daqui a|com|de)\s+)?(?:at[eé]\s+)?(${RANGE})`,
  'iu',
);

/**
 * The return interval the doctor already wrote in the plan, the notes or the assessment, as
 * she wrote it ('48–72 h'); nothing when she wrote none.
 * @param record - the visit
 */
export function statedReturnInterval(record: RecordContent): string | undefined {
  const texts = [record.plan, record.prescriptions?.additionalNotes, record.assessment];
  for (const text of texts) {
    const found = text ? RETURN_INTERVAL.exec(text) : null;
    if (found?.[1]) return found[1].trim();
  }
  return undefined;
}

/**
 * Suggestions that agree with the visit (docs/product.md, "Etapa Plano"): a face-to-face visit is
 * never told to have an in-person evaluation, a return the doctor wrote replaces the general
 * follow-up, and what the plan already says is not offered again.
 * @param suggestions - the engine's or the general suggestions
 * @param record - the visit; a teleconsulta has its `teleconsulta` part
 */
export function agreeWithVisit(
  suggestions: PlanSuggestions,
  record: RecordContent,
): PlanSuggestions {
  const inPerson = !record.teleconsulta;
  const plan = foldForMatching(record.plan ?? '');
  const interval = statedReturnInterval(record);
  const agreeing = suggestions.suggestions.filter(
    (suggestion) =>
      !(inPerson && suggestion === IN_PERSON_SUGGESTION) &&
      !(plan && plan.includes(foldForMatching(suggestion))) &&
      !(interval && /^retorno\b/i.test(suggestion)),
  );
  return {
    ...suggestions,
    // An answer has at least one suggestion; this one fits any visit.
    suggestions: agreeing.length > 0 ? agreeing : [ALARM_SIGNS_SUGGESTION],
    followUpRecommendation: interval
      ? `Retorno em ${interval}, como registrado`
      : suggestions.followUpRecommendation,
  };
}

/**
 * The general suggestions (docs/product.md, "Tarefas e respostas padrão") for this visit, when no
 * model answered.
 * @param record - the visit
 */
export function generalPlanSuggestions(record: RecordContent): PlanSuggestions {
  return agreeWithVisit(PLAN_SUGGESTIONS_FALLBACK, record);
}
