import type { Exam } from '@shared/records/medical-record';
import { sentenceAt, type Consultation } from './consultation-text';
import { cleanPhrase } from './text-normalization';

/**
 * The exams the doctor requests: 'Solicito hemograma, creatinina e TSH', 'Solicitados EAS e
 * urocultura', 'vou pedir um raio-x de tórax'. Each gets its type (laboratorial, imagem,
 * funcional, outro) from its name.
 */

const REQUEST =
  /\b(?:solicito|solicitamos|solicitad[oa]s?|solicitar|vou solicitar|vamos solicitar|peco|pedimos|vou (?:te |lhe )?pedir|vamos pedir|pedir|pedid[oa]s?|vou (?:te |lhe )?passar (?:uns |alguns )?exames? de|fazer (?:uns |alguns )?exames?(?: de)?|realizar|exames solicitados\s*:|exames\s*:)\s+/g;

const EXAM_TYPES: [RegExp, Exam['type']][] = [
  [
    /\b(?:raio[- ]?x|rx|radiografia|ultrassom|ultrassonografia|usg|ecografia|tomografia|tc|ressonancia|rm|mamografia|densitometria|doppler|cintilografia|angiotomografia)\b/,
    'imagem',
  ],
  [
    /\b(?:eletrocardiograma|ecg|ecocardiograma|ecocardiografia|teste ergometrico|holter|mapa|espirometria|eletroencefalograma|eeg|audiometria|eletroneuromiografia|polissonografia|prova de funcao)\b/,
    'funcional',
  ],
  [
    /\b(?:hemograma|glicemia|glicose|creatinina|ureia|potassio|sodio|calcio|magnesio|tsh|t4|t3|eas|urina|urocultura|hemoglobina|perfil lipidico|lipidograma|colesterol|triglicerides|pcr|vhs|tgo|tgp|ast|alt|gama ?gt|fosfatase|bilirrubinas?|microalbuminuria|albumina|acido urico|ferritina|ferro|vitamina|b12|folato|beta[- ]?hcg|sorologias?|cultura|parasitologico|coagulograma|inr|tap|psa|hba1c|insulina|cortisol|prolactina|testosterona|estradiol|fsh|lh|amilase|lipase|cpk|troponina|d-dimero|gasometria|exames? (?:de sangue|laboratoriais)|teste rapido|swab|antigeno|hiv|vdrl|hepatite)\b/,
    'laboratorial',
  ],
];

/** Words that end the list of exams. */
const LIST_END =
  /\s+(?:para|pra|e (?:retorno|retornar|volta|voltar|oriento|depois)|com retorno|retorno|quando|assim que|antes|que|porque|pois)\b/;
const NOT_EXAMS =
  /^(?:que|retorno|voltar|ele|ela|voce|o senhor|a senhora|isso|tambem|agora|depois|hoje)\b/;

/**
 * The exams requested, each once, in the order the text names them.
 * @param consultation - the parsed consultation
 */
export function extractRequestedExams(consultation: Consultation): Exam[] {
  const exams: Exam[] = [];
  const seen = new Set<string>();
  for (const match of consultation.folded.matchAll(REQUEST)) {
    const start = match.index + match[0].length;
    const sentence = sentenceAt(consultation, start);
    if (!sentence || sentence.question) continue;
    if (sentence.speaker === 'patient' || sentence.speaker === 'companion') continue;
    if (
      /\bnao\s+(?:vou\s+|precisa\s+)?$/.test(consultation.folded.slice(sentence.start, match.index))
    )
      continue;
    // A list of exams is short; the bound keeps a run-on transcript linear.
    const tail = consultation.folded.slice(start, Math.min(sentence.end, start + 400));
    const end = start + (LIST_END.exec(tail)?.index ?? tail.length);
    for (const [pieceStart, pieceEnd] of listItems(consultation.folded, start, end)) {
      const name = examName(consultation, pieceStart, pieceEnd);
      if (!name) continue;
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      exams.push({ name, type: examType(key), priority: 'rotina' });
    }
  }
  return exams;
}

function listItems(folded: string, start: number, end: number): [number, number][] {
  const items: [number, number][] = [];
  const separator = /\s*(?:,|\be\b|;)\s*/g;
  const body = folded.slice(start, end);
  let from = 0;
  for (const match of body.matchAll(separator)) {
    items.push([start + from, start + match.index]);
    from = match.index + match[0].length;
  }
  items.push([start + from, end]);
  return items;
}

function examName(c: Consultation, start: number, rawEnd: number): string | undefined {
  let end = rawEnd;
  while (end > start && /[\s.!?;:]/.test(c.folded.charAt(end - 1))) end--;
  const folded = c.folded.slice(start, end);
  const lead =
    /^(?:(?:um|uma|uns|umas|o|a|os|as|novo|nova|novos|novas|tambem|outro|outra)\s+)*(?:exames?\s+(?:de\s+)?)?/.exec(
      folded,
    );
  const offset = lead ? lead[0].length : 0;
  const trail =
    /\s+(?:em|daqui a|apos|dentro de)\s+\d+\s+\w+$|\s+(?:hoje|agora|de controle|de novo|novamente)$/.exec(
      folded,
    );
  const stop = trail ? trail.index : folded.length;
  if (stop <= offset) return undefined;
  const name = cleanPhrase(c.original.slice(start + offset, start + stop));
  const foldedName = c.folded.slice(start + offset, start + stop).trim();
  if (!name || NOT_EXAMS.test(foldedName) || name.split(/\s+/).length > 7) return undefined;
  // Outside a note's plan, only names that are known exams count ('pedir para voltar' is not one).
  if (
    !EXAM_TYPES.some(([pattern]) => pattern.test(foldedName)) &&
    !/^(?:fundo de olho|exame)/.test(foldedName)
  ) {
    const sentence = sentenceAt(c, start);
    if (sentence?.section !== 'plan') return undefined;
  }
  return name;
}

function examType(foldedName: string): Exam['type'] {
  const folded = foldedName.normalize('NFD').replace(/\p{M}/gu, '');
  return EXAM_TYPES.find(([pattern]) => pattern.test(folded))?.[1] ?? 'outro';
}
