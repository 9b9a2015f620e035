import { prepareText, type PreparedText } from './text-normalization';

/**
 * Who says a stretch of text. A dictated or written note has no speakers: all of it is the
 * doctor's narration ('narrator').
 */
export type Speaker = 'doctor' | 'patient' | 'companion' | 'narrator';

/** The part of a written note a sentence sits in, from headers such as 'QP:', 'EF:', 'HD:'. */
export type NoteSection =
  | 'none'
  | 'identification'
  | 'complaint'
  | 'hda'
  | 'history'
  | 'medications'
  | 'allergies'
  | 'family'
  | 'habits'
  | 'exam'
  | 'assessment'
  | 'plan';

export interface Turn {
  index: number;
  speaker: Speaker;
  /** Where the words start (after the 'Médico:' label) and end, in the prepared text. */
  start: number;
  end: number;
}

export interface Sentence {
  index: number;
  turn: number;
  speaker: Speaker;
  section: NoteSection;
  start: number;
  end: number;
  question: boolean;
}

/** A consultation split into speakers' turns and sentences, with the aligned text forms. */
export interface Consultation extends PreparedText {
  /** True for a 'Médico: … / Paciente: …' dialogue; false for a note or dictation. */
  dialogue: boolean;
  /** Someone other than the patient answers for them (a mother, a carer). */
  companion: boolean;
  turns: Turn[];
  sentences: Sentence[];
  /**
   * The stretches each speaker label opens, even when the text is not a full dialogue ('Mãe: …'
   * with no 'Médico:' line): who is talking, for first-person statements.
   */
  voices: Turn[];
}

const SPEAKER_LABELS: Record<string, Speaker> = {
  medico: 'doctor',
  medica: 'doctor',
  doutor: 'doctor',
  doutora: 'doctor',
  dr: 'doctor',
  dra: 'doctor',
  paciente: 'patient',
  pct: 'patient',
  mae: 'companion',
  pai: 'companion',
  acompanhante: 'companion',
  responsavel: 'companion',
  cuidador: 'companion',
  cuidadora: 'companion',
  esposa: 'companion',
  esposo: 'companion',
  marido: 'companion',
  filho: 'companion',
  filha: 'companion',
  avo: 'companion',
  tia: 'companion',
  tio: 'companion',
  irma: 'companion',
  irmao: 'companion',
};

// A label opens a line, or follows a sentence's end when a transcript runs speakers together.
const LABEL = new RegExp(
  `(?:^|\\n|(?<=[.!?])[ ]+)(${Object.keys(SPEAKER_LABELS).join('|')})\\.?[ ]*:`,
  'g',
);

/** Note headers (folded) and the section each opens. Longest first when building the pattern. */
const SECTION_HEADERS: Record<string, NoteSection> = {
  identificacao: 'identification',
  paciente: 'identification',
  nome: 'identification',
  qp: 'complaint',
  'queixa principal': 'complaint',
  queixa: 'complaint',
  'motivo da consulta': 'complaint',
  hda: 'hda',
  'historia da doenca atual': 'hda',
  'historia clinica': 'hda',
  s: 'hda',
  ap: 'history',
  app: 'history',
  hpp: 'history',
  'antecedentes pessoais': 'history',
  'antecedentes patologicos': 'history',
  antecedentes: 'history',
  comorbidades: 'history',
  'historia patologica pregressa': 'history',
  'medicacoes em uso': 'medications',
  'medicamentos em uso': 'medications',
  'medicacao em uso': 'medications',
  'medicamento em uso': 'medications',
  'em uso': 'medications',
  muc: 'medications',
  medicacoes: 'medications',
  medicamentos: 'medications',
  'uso continuo': 'medications',
  alergias: 'allergies',
  alergia: 'allergies',
  'alergias medicamentosas': 'allergies',
  af: 'family',
  'antecedentes familiares': 'family',
  'historia familiar': 'family',
  hf: 'family',
  habitos: 'habits',
  'habitos de vida': 'habits',
  'historia social': 'habits',
  hv: 'habits',
  ef: 'exam',
  'exame fisico': 'exam',
  'ao exame fisico': 'exam',
  'ao exame': 'exam',
  exame: 'exam',
  'sinais vitais': 'exam',
  ssvv: 'exam',
  o: 'exam',
  hd: 'assessment',
  hds: 'assessment',
  'hipotese diagnostica': 'assessment',
  'hipoteses diagnosticas': 'assessment',
  hipotese: 'assessment',
  hipoteses: 'assessment',
  'impressao diagnostica': 'assessment',
  impressao: 'assessment',
  diagnostico: 'assessment',
  diagnosticos: 'assessment',
  avaliacao: 'assessment',
  a: 'assessment',
  conduta: 'plan',
  condutas: 'plan',
  cd: 'plan',
  plano: 'plan',
  'plano terapeutico': 'plan',
  p: 'plan',
  prescricao: 'plan',
  rx: 'plan',
  orientacoes: 'plan',
  tratamento: 'plan',
  encaminhamento: 'plan',
  encaminhamentos: 'plan',
  'exames solicitados': 'plan',
};

/** Single letters (SOAP's S, O, A, P) count as headers only at the start of a line. */
const LINE_START_ONLY = new Set(['s', 'o', 'a', 'p']);

const HEADER = new RegExp(
  `(?:^|\\n|(?<=[.;])[ ]+)(${Object.keys(SECTION_HEADERS)
    .sort((a, b) => b.length - a.length)
    .join('|')})[ ]*:|(?:^|\\n|(?<=[.;])[ ]+)(ao exame(?: fisico)?)[ ]*,`,
  'g',
);

/** Words before a full stop that do not end a sentence. */
const ABBREVIATIONS = new Set(['dr', 'dra', 'sr', 'sra', 'srta', 'obs', 'aprox', 'ex', 'p', 'n']);

/**
 * Splits a consultation into turns (who speaks) and sentences (with their note section and
 * whether they ask a question), the frame every extraction rule reads.
 * @param text - the consultation as pasted or transcribed
 */
export function parseConsultation(text: string): Consultation {
  const prepared = prepareText(text);
  const turns = splitTurns(prepared.folded);
  const dialogue = turns.some((t) => t.speaker === 'doctor') && turns.some(isAnswerer);
  const finalTurns = dialogue
    ? turns
    : [{ index: 0, speaker: 'narrator' as const, start: 0, end: prepared.folded.length }];
  const sentences: Sentence[] = [];
  for (const turn of finalTurns) {
    const sections =
      turn.speaker === 'narrator'
        ? splitSections(prepared.folded, turn.start, turn.end)
        : [{ section: 'none' as const, start: turn.start, end: turn.end }];
    for (const part of sections) {
      for (const [start, end] of splitSentences(prepared.folded, part.start, part.end)) {
        sentences.push({
          index: sentences.length,
          turn: turn.index,
          speaker: turn.speaker,
          section: part.section,
          start,
          end,
          question: /\?\s*$/.test(prepared.folded.slice(start, end)),
        });
      }
    }
  }
  return {
    ...prepared,
    dialogue,
    companion: dialogue && finalTurns.some((t) => t.speaker === 'companion'),
    turns: finalTurns,
    sentences,
    voices: turns,
  };
}

function isAnswerer(turn: Turn): boolean {
  return turn.speaker === 'patient' || turn.speaker === 'companion';
}

function splitTurns(folded: string): Turn[] {
  const turns: Turn[] = [];
  const labels = [...folded.matchAll(LABEL)];
  const firstLabel = labels[0];
  if (!firstLabel || firstLabel.index > 0) {
    const end = firstLabel ? firstLabel.index : folded.length;
    if (folded.slice(0, end).trim()) turns.push({ index: 0, speaker: 'narrator', start: 0, end });
  }
  labels.forEach((match, i) => {
    const speaker = SPEAKER_LABELS[match[1] ?? ''] ?? 'narrator';
    const next = labels[i + 1];
    turns.push({
      index: turns.length,
      speaker,
      start: match.index + match[0].length,
      end: next ? next.index : folded.length,
    });
  });
  return turns;
}

function splitSections(
  folded: string,
  start: number,
  end: number,
): { section: NoteSection; start: number; end: number }[] {
  const body = folded.slice(start, end);
  const parts: { section: NoteSection; start: number; end: number }[] = [];
  let current: NoteSection = 'none';
  let from = start;
  for (const match of body.matchAll(HEADER)) {
    const name = match[1] ?? match[2] ?? '';
    const atLineStart = match.index === 0 || body.charAt(match.index) === '\n';
    if (LINE_START_ONLY.has(name) && !atLineStart) continue;
    const section = SECTION_HEADERS[name] ?? 'exam';
    const headerStart = start + match.index;
    if (headerStart > from) parts.push({ section: current, start: from, end: headerStart });
    current = section;
    from = start + match.index + match[0].length;
  }
  if (end > from) parts.push({ section: current, start: from, end });
  return parts;
}

/** Sentence boundaries inside [start, end): line breaks, and . ! ? ; before a space. */
function splitSentences(folded: string, start: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  let from = start;
  const push = (to: number) => {
    let s = from;
    let e = to;
    while (s < e && /\s/.test(folded.charAt(s))) s++;
    while (e > s && /\s/.test(folded.charAt(e - 1))) e--;
    if (e > s) out.push([s, e]);
    from = to;
  };
  for (let i = start; i < end; i++) {
    const char = folded.charAt(i);
    if (char === '\n') {
      push(i + 1);
      continue;
    }
    if (char !== '.' && char !== '!' && char !== '?' && char !== ';') continue;
    const next = folded.charAt(i + 1);
    if (i + 1 < end && !/\s/.test(next) && next !== '') continue;
    if (char === '.') {
      const word = /([a-z]+)$/.exec(folded.slice(Math.max(from, i - 6), i))?.[1];
      if (word && ABBREVIATIONS.has(word)) continue;
      // A lone letter before the stop is an initial ('H. pylori', 'E. coli', 'J. Silva').
      if (word?.length === 1 && /(?:^|[\s(])[a-z]$/.test(folded.slice(Math.max(from, i - 2), i)))
        continue;
    }
    // Keep a run of marks ('?!', '...') with its sentence.
    let stop = i + 1;
    while (stop < end && /[.!?]/.test(folded.charAt(stop))) stop++;
    push(stop);
    i = stop - 1;
  }
  push(end);
  return out;
}

/**
 * Whether a companion (a mother, a wife, a carer) is the one speaking at a position: their turn
 * in a dialogue, or a stretch under their label ('Mãe: …') in a text without a doctor's lines.
 */
export function companionSpeaksAt(
  consultation: Consultation,
  sentence: Sentence,
  position: number,
): boolean {
  if (sentence.speaker === 'companion') return true;
  if (consultation.dialogue) return false;
  return consultation.voices.some(
    (voice) => voice.speaker === 'companion' && voice.start <= position && position < voice.end,
  );
}

/** The sentence holding a position of the prepared text, if any. */
export function sentenceAt(consultation: Consultation, position: number): Sentence | undefined {
  const sentences = consultation.sentences;
  let low = 0;
  let high = sentences.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const sentence = sentences[middle];
    if (!sentence) break;
    if (position < sentence.start) high = middle - 1;
    else if (position >= sentence.end) low = middle + 1;
    else return sentence;
  }
  return undefined;
}

/** The folded words of a sentence. */
export function foldedSentence(consultation: Consultation, sentence: Sentence): string {
  return consultation.folded.slice(sentence.start, sentence.end);
}

/** The sentences of one turn, in order. */
export function sentencesOfTurn(consultation: Consultation, turn: number): Sentence[] {
  return consultation.sentences.filter((sentence) => sentence.turn === turn);
}

/** The next turn by someone other than the doctor, right after the given doctor's turn. */
export function answerTo(consultation: Consultation, turn: number): Turn | undefined {
  const next = consultation.turns[turn + 1];
  return next && (next.speaker === 'patient' || next.speaker === 'companion') ? next : undefined;
}
