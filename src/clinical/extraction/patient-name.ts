import { answerTo, type Consultation } from './consultation-text';
import { foldAccents } from '../../shared/text-folding';

/**
 * The patient's name: a self-introduction ('meu nome é', 'me chamo'), the answer to the doctor's
 * 'qual é o seu nome?', a note header ('Paciente Maria Souza, 45 anos', 'Nome: …') or, failing
 * those, how the doctor addresses the patient ('seu Carlos', 'Quantos anos você tem, Ana?').
 */

const UPPER = 'A-ZÁÉÍÓÚÂÊÔÃÕÇÀÜ';
const LOWER = 'a-záéíóúâêôãõçàüñ';
/** One capitalised word of a name ('Maria', "D'Ávila", 'Ana-Luiza', 'JOSÉ'). */
const NAME_WORD = new RegExp(`^[${UPPER}][${LOWER}${UPPER}'-]+$`);
const PARTICLE = /^(?:da|de|do|das|dos|d'|di|du|van|von)$/i;

/** Capitalised words that open sentences or address people but are not names (folded). */
const NOT_NAMES = new Set(
  `bom boa oi ola doutor doutora dr dra sim nao tudo eu ele ela meu minha sou tenho e entao ah
  ai pois olha claro certo obrigado obrigada prazer senhor senhora aqui isso esse essa muito
  ta bem deus nossa opa pode vim estou to hoje ontem agora mae pai um uma o a os as seu sua
  dona sr sra paciente sexo masculino feminino idade anos nome qual quantos como que quando
  onde so acho tipo faz desde comecou tava estava era foi vou vamos mas porque gente menino
  menina filho filha crianca bebe rapaz moca homem mulher queixa refere nega ao com sem para
  pra por favor exame conduta hd qp hda ap ef pa fc fr legal perfeito otimo beleza certinho
  pronto dia tarde noite hum uhum ja ainda depois antes sempre nunca tambem mesmo completo
  cefaleia dor apresenta relata comparece vem procura chega retorna encaminhado encaminhada
  deu hipertenso hipertensa diabetico diabetica
  tomo uso tomei usei tomava usava sinto senti tive fiz faco preciso quero queria gostaria vim
  trouxe comecei parei fico fiquei passei estive moro trabalho durmo acordo continuo tomando
  usando sentindo atendendo atendo atendi examinando recebendo`.split(/\s+/),
);

/** Words that end Brazilian names ('Edson Ramos Filho') though alone they are not names. */
const NAME_SUFFIXES = new Set(['filho', 'filha', 'neto', 'neta', 'junior', 'sobrinho']);

const fold = foldAccents;

/**
 * Reads the name that starts at `position` in the original text: capitalised words with the
 * particles between them ('Maria Aparecida dos Santos'), at most six words.
 */
export function readNameAt(original: string, position: number): string | undefined {
  const words: string[] = [];
  const pattern = /[^\s,.;:!?()"]+/y;
  let at = position;
  for (;;) {
    while (original.charAt(at) === ' ') at++;
    pattern.lastIndex = at;
    const match = pattern.exec(original);
    if (!match) break;
    const word = match[0];
    const folded = fold(word);
    const isName =
      NAME_WORD.test(word) &&
      (!NOT_NAMES.has(folded) || (words.length > 0 && NAME_SUFFIXES.has(folded)));
    const isParticle = words.length > 0 && PARTICLE.test(word);
    if (!isName && !isParticle) break;
    words.push(word);
    at = pattern.lastIndex;
    if (words.length > 8) break;
    // A name ends at punctuation or a line break.
    if (/^[\s]*[,.;:!?()\n]/.test(original.slice(at, at + 2)) || original.charAt(at) === '\n') {
      break;
    }
  }
  while (words.length > 0 && PARTICLE.test(words[words.length - 1] ?? '')) words.pop();
  if (words.length === 0 || words.length > 6) return undefined;
  return words.join(' ');
}

/** Self-introductions and carers naming the patient; the name follows the cue. */
/** Cues by which speakers name themselves: from a carer, the carer's own name. */
const FIRST_PERSON_CUE = /^(?:meu nome|me chamo|eu me chamo|eu sou|sou)\b/;
/** '…, filha dela': the name just read is the speaker's, a relative or carer of the patient. */
const SPEAKER_IS_RELATIVE =
  /^\s*,?\s*(?:(?:sou|a|o)\s+)*(?:filh[oa]|mae|pai|espos[oa]|marido|net[oa]|irmao?|sobrinh[oa]|nora|genro|cuidador[a]?|acompanhante|vizinh[oa])\s+(?:dele|dela|do paciente|da paciente|d[oa] senhor[a]?)\b/;

const INTRODUCTION =
  /\b(?:meu nome e|meu nome completo e|me chamo|eu me chamo|o nome dele e|o nome dela e|ele se chama|ela se chama|ele chama|ela chama|o nome e|eu sou (?:o|a)|sou (?:o|a)|nome do paciente\s*:|nome da paciente\s*:|nome\s*:)\s*/g;

/** The doctor asking for the name (not the name of a medicine or a doctor). */
const NAME_QUESTION =
  /\b(?:quem e (?:o|a) paciente|nome(?!\s+d[oa]s?\s+(?:remedio|medicamento|medicacao|exame|hospital|medico|doutor|plano|convenio|posto|clinica))|se chama)\b/;

/** A note's header: 'Paciente Maria Souza, 45 anos' / 'Paciente: Maria Souza.' */
const HEADER =
  /(?:^|\n|[.;]\s+)\s*(?:(?:estou\s+)?(?:atendendo|atendo|examinando|recebendo)(?:\s+(?:o|a))?(?:\s+(?:paciente|sr|sra|senhor|senhora|dona|seu))?|paciente|identificacao|pcte?|sr|sra|senhor|senhora|dona|seu)\.?\s*:?\s+|(?:^|\n)[ \t]*(?:s|id)[ \t]*:[ \t]*/g;

/**
 * The patient's name as stated in the consultation, or undefined when it never says.
 * @param consultation - the parsed consultation
 */
export function extractPatientName(consultation: Consultation): string | undefined {
  return (
    fromIntroduction(consultation) ??
    fromAnswerToNameQuestion(consultation) ??
    fromHeader(consultation) ??
    fromAddress(consultation)
  );
}

function fromIntroduction(c: Consultation): string | undefined {
  for (const match of c.folded.matchAll(INTRODUCTION)) {
    const turn = c.turns.find((t) => match.index >= t.start && match.index < t.end);
    if (turn?.speaker === 'doctor') continue;
    if (turn?.speaker === 'companion' && FIRST_PERSON_CUE.test(match[0])) continue;
    const name = readNameAt(c.original, match.index + match[0].length);
    if (!name) continue;
    const after = match.index + match[0].length + name.length;
    if (SPEAKER_IS_RELATIVE.test(c.folded.slice(after, after + 40))) continue;
    return name;
  }
  return undefined;
}

function fromAnswerToNameQuestion(c: Consultation): string | undefined {
  if (!c.dialogue) return undefined;
  for (const turn of c.turns) {
    if (turn.speaker !== 'doctor' || !NAME_QUESTION.test(c.folded.slice(turn.start, turn.end))) {
      continue;
    }
    const answer = answerTo(c, turn.index);
    if (!answer) continue;
    const name = firstNameChunk(c, answer.start, answer.end);
    if (name) return name;
  }
  return undefined;
}

/**
 * The first stretch of an answer that is only a name: 'Bom dia, doutor. Juliana Costa.' gives
 * 'Juliana Costa'; 'É a Ana Lima' and 'Sou o Pedro' give the name after the verb.
 */
function firstNameChunk(c: Consultation, start: number, end: number): string | undefined {
  const chunk = /[^,.;!?\n]+/g;
  const text = c.original.slice(start, end);
  for (const match of text.matchAll(chunk)) {
    const folded = c.folded.slice(start + match.index, start + match.index + match[0].length);
    const lead =
      /^\s*(?:(?:e|sou|eu sou|chama|se chama|o nome e|ele e|ela e)\s+)?(?:(?:o|a)\s+)?/.exec(
        folded,
      );
    const offset = lead ? lead[0].length : 0;
    const name = readNameAt(c.original, start + match.index + offset);
    if (!name) continue;
    // The whole stretch must be the name: 'Tenho 29 anos' is not one, 'Ana Souza' is.
    const rest = c.original
      .slice(start + match.index + offset, start + match.index + match[0].length)
      .trim();
    if (rest === name) return name;
  }
  return undefined;
}

function fromHeader(c: Consultation): string | undefined {
  for (const turn of c.turns) {
    if (turn.speaker !== 'narrator') continue;
    const body = c.folded.slice(turn.start, turn.end);
    for (const match of body.matchAll(HEADER)) {
      const at = turn.start + match.index + match[0].length;
      const name = readNameAt(c.original, at);
      if (name && isFollowedByIdentification(c.folded, at + name.length)) return name;
    }
    // A note may open with the name itself: 'Maria Souza, 45 anos, …'.
    const opening = readNameAt(c.original, turn.start);
    if (opening && opening.includes(' ')) {
      if (isFollowedByIdentification(c.folded, turn.start + opening.length)) return opening;
    }
  }
  return undefined;
}

/** After a header's name come the age, the sex or the end of the line: not a verb. */
function isFollowedByIdentification(folded: string, position: number): boolean {
  // A number is an age ('Ana Lima 45 anos'), never a dose ('Tomo Losartana 50mg').
  return /^\s*(?:[,.;\n]|$|-|\(|(?:de|com)\s+\d|\d+\s*(?:anos|a\b|,|$)|do sexo|sexo)/.test(
    folded.slice(position, position + 12),
  );
}

const ADDRESS_TITLE = /\b(?:seu|dona|sr\.?|sra\.?)\s+/g;
const VOCATIVE = /,\s*(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ])/g;

/** How the doctor addresses the patient: a first name is better than no name. */
function fromAddress(c: Consultation): string | undefined {
  if (!c.dialogue) return undefined;
  for (const turn of c.turns) {
    if (turn.speaker !== 'doctor') continue;
    const original = c.original.slice(turn.start, turn.end);
    const folded = c.folded.slice(turn.start, turn.end);
    // With a carer in the room, 'dona Ana' is more likely the mother than the child.
    if (!c.companion) {
      for (const match of folded.matchAll(ADDRESS_TITLE)) {
        const name = readNameAt(c.original, turn.start + match.index + match[0].length);
        if (name && !name.includes(' ')) return name;
      }
    }
    for (const match of original.matchAll(VOCATIVE)) {
      const at = turn.start + match.index + match[0].length;
      const name = readNameAt(c.original, at);
      if (name && !name.includes(' ') && /^\s*[?!.,]/.test(c.original.slice(at + name.length))) {
        return name;
      }
    }
  }
  return undefined;
}
