import type { Consultation, Sentence } from './consultation-text';
import { capitalizeFirst, cleanPhrase } from './text-normalization';

/**
 * The doctor's words for the record's free-text parts: the assessment (diagnostic impressions:
 * a note's 'HD:' / 'Impressão:' section, or 'é uma amigdalite' said in a dialogue), the plan
 * (a note's 'Conduta:' section, or what the doctor orders and advises) and the exam
 * description (a note's 'EF:' / 'Ao exame:' section, or the findings the doctor says aloud).
 */

/** 'É uma …' and 'você está com …' often introduce a diagnosis, but not always ('é uma pena'). */
const WEAK_LEAD =
  /\b(?:(?:isso |isto |o que (?:voce|o senhor|a senhora|ele|ela) tem )?e (?:uma?|um quadro de|o quadro de|um caso de)|(?:voce|o senhor|a senhora|ele|ela) (?:esta|ta) com (?:uma?\s+)?)\s*/g;
/** 'O diagnóstico é …', 'parece ser …', 'suspeito de …' always introduce the impression. */
const STRONG_LEAD =
  /\b(?:pode ser (?:uma?\s+|um quadro de\s+)?|acho que (?:e|seja) (?:uma?\s+)?|(?:o )?diagnostico (?:e|e de)|(?:a )?hipotese (?:diagnostica )?(?:e |e de |de )?(?:uma?\s+)?|(?:vou |vamos |a gente vai )?tratar (?:isso |o quadro |ela |ele )?como (?:uma?\s+)?|(?:quadro )?compativel com (?:uma?\s+)?|sugestivo de (?:uma?\s+)?|impressao (?:diagnostica )?(?:de |e )?|parece (?:ser )?(?:uma?\s+|um quadro de\s+)?|(?:tem )?cara de (?:ser )?(?:uma?\s+)?|trata-se de (?:uma?\s+)?|suspeit[ao] (?:de )?(?:uma?\s+)?|provavelmente (?:e )?(?:uma?\s+)?)\s*/g;
/** What may follow a strong lead without being a diagnosis. */
const NOT_DIAGNOSIS =
  /^(?:bom|boa|bem|grave|nada|normal|tranquil|melhor|pior|que|ser|estar|isso|tudo|ok|certo|simples|muito|pouco|mais|menos)\b/;

/** Heads of diagnostic phrases: disease words and their endings. */
const DIAGNOSIS_WORD =
  /^(?:[a-z]+(?:ite|ose|algia|patia|emia|ismo|oma|ase|ia|cao)|transtorno|sindrome|infeccao|crise|acne|gripe|resfriado|virose|estiramento|entorse|distensao|contratura|fratura|luxacao|lesao|doenca|hipertensao|diabetes|ansiedade|depressao|asma|pneumonia|alergia|enxaqueca|cefaleia|lombalgia|hernia|calculo|colica|dengue|covid|otite|insuficiencia|intoxicacao|quadro|episodio|reacao|dermatite|urticaria|escabiose|micose|candidiase|herpes|zoster|tendinite|bursite|conjuntivite|sinusite|amigdalite|faringite|laringite|bronquite|bronquiolite|gastroenterite|gastrite|cistite|pielonefrite|uretrite|vaginose|hemorroida|anemia|obesidade|dislipidemia|hipotireoidismo|hipertireoidismo|dpoc|icc|has|dm2|itu|ivas|refluxo|drge)\b/;

const PLAN_WORD =
  /\b(?:vou (?:passar|prescrever|receitar|pedir|solicitar|encaminhar|te encaminhar|comecar|iniciar|associar|manter|trocar|aumentar|reduzir)|vamos (?:passar|comecar|iniciar|fazer|pedir|tratar|manter)|prescrevo|receito|associo|inicio|mantenho|suspendo|solicito|oriento|orientad[oa]|orientacao|orientacoes|encaminh\w*|retorno|retornar|volta(?:r)? (?:aqui|em|se|pra)|reavaliacao|reavaliar|repouso|hidratacao|liquido|dieta|evitar|evite|compressa|caminhada|atividade fisica|exercicio|protetor|tomar|tome|use|usar|aplicar|passar|pingar|fisioterapia|psicoterapia|acompanhamento|seguimento|se (?:nao melhorar|piorar|persistir|tiver)|procurar|procure|pronto[- ]socorro|emergencia|comprimidos?|gotas|capsulas?|\d+\s*mg|de \d+ em \d+ horas|\d+\/\d+ ?h)\b/;

const EXAM_START =
  /\b(?:vou examinar|vamos examinar|vou te examinar|vamos olhar|deixa eu (?:ver|olhar|examinar)|vou medir|vamos medir|vamos pesar|vou auscultar|ao exame)\b/;
const EXAM_WORD =
  /\b(?:pa|pressao|fc|frequencia|temperatura|saturacao|peso|altura|ausculta|murmurio|ritmo|sopro|abdome|abdomen|palpacao|amigdalas?|orofaringe|garganta (?:esta|ta)|membrana|timpano|ouvido (?:direito|esquerdo)|pele|lesoes|papulas?|pustulas?|cravos|edema|pulsos|reflexos|forca|lasegue|contratura|estado geral|corad[oa]|hidratad[oa]|afebril|eupneic[oa]|linfonodos|inguas|ganglios|mucosas|pupilas|rigidez|dolorimento|dor a palpacao|giordano|murphy|blumberg)\b/;

export interface DoctorNotes {
  assessment: string;
  plan: string;
  generalAppearance: string;
}

/**
 * The assessment, plan and exam description the consultation states ('' when it does not).
 * @param consultation - the parsed consultation
 */
export function extractDoctorNotes(consultation: Consultation): DoctorNotes {
  return {
    assessment: joinSentences(consultation, assessmentSentences(consultation)),
    plan: joinSentences(consultation, planSentences(consultation)),
    generalAppearance: joinSentences(consultation, examSentences(consultation)),
  };
}

/** A sentence of the note section, or the impression phrases the doctor says. */
function assessmentSentences(c: Consultation): (Sentence | [number, number])[] {
  const fromSection = c.sentences.filter((s) => s.section === 'assessment');
  if (fromSection.length > 0) return fromSection;
  const phrases: [number, number][] = [];
  for (const sentence of c.sentences) {
    if (sentence.speaker !== 'doctor' && sentence.speaker !== 'narrator') continue;
    if (sentence.question || sentence.section !== 'none') continue;
    const text = c.folded.slice(sentence.start, sentence.end);
    const leads = [
      ...[...text.matchAll(STRONG_LEAD)].map((m) => ({ m, strong: true })),
      ...[...text.matchAll(WEAK_LEAD)].map((m) => ({ m, strong: false })),
    ].sort((a, b) => a.m.index - b.m.index);
    for (const { m: match, strong } of leads) {
      const start = sentence.start + match.index + match[0].length;
      const rest = c.folded.slice(start, Math.min(sentence.end, start + 200));
      if (strong ? NOT_DIAGNOSIS.test(rest) || !/^[a-z]/.test(rest) : !DIAGNOSIS_WORD.test(rest)) {
        continue;
      }
      // Speech has no full stop before the plan: 'isso é uma sinusite vou passar…'.
      const stop =
        /[,.;:!?]|\s(?:e (?:pelo|por|vou|a gente|isso)|mas|que|porque|pois|entao|vou|vamos|a gente|leva|levar|receitei|receito|prescrevo|prescrevi|passo|nega|sem|tomar|tome|usar|use|oriento|solicito|peco|retorno|se)\s/.exec(
          rest,
        );
      const end = start + (stop ? stop.index : rest.length);
      if (end - start > 2) phrases.push([start, end]);
      break;
    }
  }
  return phrases;
}

function planSentences(c: Consultation): Sentence[] {
  const fromSection = c.sentences.filter((s) => s.section === 'plan');
  if (fromSection.length > 0) return fromSection;
  return c.sentences.filter(
    (s) =>
      (s.speaker === 'doctor' || (s.speaker === 'narrator' && s.section === 'none')) &&
      !s.question &&
      PLAN_WORD.test(c.folded.slice(s.start, s.end)),
  );
}

function examSentences(c: Consultation): Sentence[] {
  const fromSection = c.sentences.filter((s) => s.section === 'exam');
  if (fromSection.length > 0) return fromSection;
  if (!c.dialogue) return [];
  const out: Sentence[] = [];
  let examining = false;
  for (const sentence of c.sentences) {
    if (sentence.speaker !== 'doctor' || sentence.question) continue;
    const text = c.folded.slice(sentence.start, sentence.end);
    if (EXAM_START.test(text)) examining = true;
    if (examining && EXAM_WORD.test(text)) out.push(sentence);
  }
  return out;
}

/** The parts as sentences of a record field: capitalised, each ending with a full stop. */
function joinSentences(c: Consultation, parts: (Sentence | [number, number])[]): string {
  const texts = parts
    .map((part) => (Array.isArray(part) ? part : [part.start, part.end]))
    .map(([start, end]) => cleanPhrase(c.original.slice(start, end)))
    .filter((text) => text.length > 0)
    .map((text) => {
      const sentence = capitalizeFirst(text);
      return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
    });
  return [...new Set(texts)].join(' ');
}
