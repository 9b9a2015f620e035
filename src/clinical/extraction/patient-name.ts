import { answerTo, type Consultation } from './consultation-text';
import { isKnownFirstName } from './first-names';
import { parsePortugueseNumber, NUMBER_PATTERN } from './spoken-numbers';
import { foldAccents } from '@shared/lib/text-folding';

/**
 * The patient's name: a self-introduction ('meu nome é', 'me chamo'), the answer to the doctor's
 * 'qual é o seu nome?', a note header ('Paciente Maria Souza, 45 anos', 'Nome: …') or, failing
 * those, how the doctor addresses the patient ('seu Carlos', 'Quantos anos você tem, Ana?').
 *
 * Each cue first looks for a capitalised name. Transcribed speech has no capitals and no
 * punctuation ('qual o nome da senhora maria aparecida dos santos quantos anos…'), so each cue
 * then reads a spoken name: words that are not common Portuguese words, kept only with evidence
 * that they are a name (a known first name or surname) in proportion to how weak the cue is.
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

/** Where the patient's name sits in the prepared text, and how it reads in the record. */
export interface NameSpan {
  name: string;
  start: number;
  end: number;
}

/** A capitalised name read at `position`, with where it sits. */
function capitalisedNameAt(original: string, position: number): NameSpan | undefined {
  const name = readNameAt(original, position);
  if (!name) return undefined;
  let start = position;
  while (original.charAt(start) === ' ') start++;
  return { name, start, end: start + name.length };
}

// ---------------------------------------------------------------------------------------------
// Spoken names: lower case, no punctuation.

/**
 * Common words (folded) that never start or continue a spoken name, besides {@link NOT_NAMES}:
 * function words, verbs, greetings, titles, time words and the vocabulary of a consultation.
 * Without capitals, these lists and the known names below are all that tell 'maria' from
 * 'refere'.
 */
const SPOKEN_STOP = new Set(
  `uns umas ou se de da do das dos em na no nas nos num numa aos pro pras pros pelo pela pelos
  pelas sob sobre ate apos entre contra tu vos eles elas voce voces vc me te lhe mim ti si
  comigo contigo meus minhas teu tua seus suas dele dela deles delas nosso isto aquilo este
  esta aquele aquela la ali ca quais quanto quanta quantas quem oque ne neh eh humhum tchau
  valeu dias noites manha madrugada semana semanas mes meses ano hora horas minuto minutos
  amanha muita muitos muitas pouco pouca mais menos mal melhor pior nada todo toda todos todas
  algum alguma nenhum nenhuma outro outra mesma assim medico medica enfermeiro enfermeira pcte
  pct nomes sobrenome data completa licenca desculpa es somos sao eram fui ser estar estamos
  estao tamo tem temos tinha teve ter ha havia houve vai vao ia fazer fez fazia posso podia
  poder quer precisa sei sabe acha chamo chama chamar chamam chamada chamado sente sentiu toma
  tomou usa usou veio venho chegou chego cheguei comeca sentir doi doendo doeu piorou melhorou
  passou queixando apresentando evolui evoluiu traz trazer conta contou fala falou diz disse
  deixa deixou veja sentar senta entra entrar dores febre tosse pressao cabeca barriga peito
  garganta costas perna pernas braco corpo estomago enjoo nausea nauseas vomito vomitos
  diarreia falta ar cansaco tontura sangue urina xixi coco gripe resfriado alergia remedio
  remedios exames consulta retorno receita problema problemas coisa coisas vez vezes casa
  gestante gravida puerpera idoso idosa jovem adolescente adulto adulta senhorzinho senhorinha
  tabagista etilista ex obeso obesa asmatico asmatica cardiopata portador portadora acamado
  acamada natural procedente residente casado casada solteiro solteira viuvo viuva divorciado
  divorciada separado separada aposentado aposentada estudante professor professora motorista
  pedreiro costureira lavrador lavradora comerciante vendedor vendedora agricultor agricultora
  diarista domestica cozinheira cozinheiro auxiliar tecnico tecnica servente autonomo autonoma
  desempregado desempregada lar primeira primeiro segunda segundo terceira terceiro ultima
  ultimo anterior proxima proximo nova novo velha velho grande pequeno pequena alta alto baixa
  baixo forte fraco fraca direita direito esquerda esquerdo quinta sexta sabado domingo
  segunda-feira terca quarta`.split(/\s+/),
);

/**
 * Common Brazilian surnames (folded). After a question or in a header, a name with one of these
 * is a name even when its first name is not in the first-name list ('jussimara pereira').
 * Surnames that are also everyday words ('dias', 'leite', 'campos', 'rios') are left out.
 */
const SURNAMES = new Set(
  `silva santos oliveira souza sousa lima pereira ferreira costa rodrigues almeida nascimento
  alves carvalho araujo ribeiro gomes martins barbosa rocha melo mello castro cardoso correia
  teixeira moreira nunes mendes freitas vieira cavalcanti cavalcante monteiro soares lopes
  azevedo fernandes ramos reis machado marques moura nogueira batista andrade miranda xavier
  farias duarte fonseca medeiros siqueira pires moraes morais borges tavares macedo pacheco
  cunha brito vasconcelos coelho guimaraes prado sampaio bezerra rezende resende aguiar bastos
  garcia goncalves jesus brandao queiroz figueiredo amaral magalhaes peixoto viana lacerda
  matos mattos neves pinheiro bueno camargo paiva sales assis cordeiro carneiro coutinho
  toledo damasceno bittencourt santana silveira lins menezes muniz noronha rangel torres
  vargas lemos mesquita antunes barros braga cabral diniz esteves faria falcao freire galvao
  leao lira marinho meireles novaes quadros rebelo simoes uchoa valadares albuquerque arruda
  domingues calixto guerra feitosa holanda lucena maciel mascarenhas nobrega pimentel sobral`.split(
    /\s+/,
  ),
);

/** Particles between a spoken name's words ('dos' in 'maria aparecida dos santos'). */
const SPOKEN_PARTICLE = /^(?:da|de|do|das|dos|d')$/;
/** At most this many words besides particles: 'Carlos Eduardo Pereira de Souza Lima'. */
const MAX_SPOKEN_WORDS = 5;

/** A spoken name, with its folded words (particles left out) to weigh the evidence. */
interface SpokenName extends NameSpan {
  words: string[];
}

function isNumberWord(word: string): boolean {
  return (
    word === 'mil' ||
    word === 'meio' ||
    word === 'meia' ||
    parsePortugueseNumber(word) !== undefined
  );
}

/** Whether a folded word may be part of a spoken name, given how many words came before it. */
function isSpokenNameWord(word: string, index: number, after: string): boolean {
  if (word.length < 2 || isNumberWord(word)) return false;
  // 'José da Silva Filho', but not 'filha dela'.
  if (index > 0 && NAME_SUFFIXES.has(word)) return !/^\s+(?:dele|dela|d[oa]s?)\b/.test(after);
  if (SPOKEN_STOP.has(word) || NOT_NAMES.has(word)) return false;
  // Past-tense verbs ('chegou', 'começaram') and clinical terms ('lombalgia', 'disúria') are not
  // names, whatever the list misses.
  return !/^[a-z]{2,}(?:ou|aram|eram|iram|algia|emia|uria|ismo|patia|tomia|plegia|ites|oses)$/.test(
    word,
  );
}

/** 'joão' → 'João', 'ana-luiza' → 'Ana-Luiza'; accents come from the original text. */
function capitaliseWord(word: string): string {
  return word
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('-');
}

/**
 * Reads a spoken name at `position`: words that are not common words, with the particles
 * between them, capitalised for the record ('maria aparecida dos santos' → 'Maria Aparecida dos
 * Santos'). A name ends at the first common word, number or punctuation.
 */
function readSpokenNameAt(c: Consultation, position: number): SpokenName | undefined {
  const pattern = /[a-z][a-z'-]*/y;
  const words: { start: number; end: number; folded: string; particle: boolean }[] = [];
  let contentWords = 0;
  let at = position;
  while (c.folded.charAt(at) === ' ') at++;
  for (;;) {
    pattern.lastIndex = at;
    const match = pattern.exec(c.folded);
    if (!match) break;
    const folded = match[0];
    const end = at + folded.length;
    // A word glued to digits or other letters ('joao2') is not a name word.
    if (/[a-z0-9]/.test(c.folded.charAt(end))) break;
    const particle = contentWords > 0 && SPOKEN_PARTICLE.test(folded);
    if (!particle && !isSpokenNameWord(folded, contentWords, c.folded.slice(end, end + 12))) break;
    words.push({ start: at, end, folded, particle });
    if (!particle) contentWords++;
    if (contentWords >= MAX_SPOKEN_WORDS) break;
    // Punctuation or a line break ends a name.
    if (c.folded.charAt(end) !== ' ') break;
    at = end;
    while (c.folded.charAt(at) === ' ') at++;
  }
  while (words.at(-1)?.particle) words.pop();
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last) return undefined;
  const name = words
    .map((w) => {
      const original = c.original.slice(w.start, w.end);
      return w.particle ? original.toLowerCase() : capitaliseWord(original);
    })
    .join(' ');
  return {
    name,
    start: first.start,
    end: last.end,
    words: words.filter((w) => !w.particle).map((w) => w.folded),
  };
}

/** How sure a cue is that a name follows it, and so how much the name itself must prove. */
type Evidence = 'any' | 'known-name' | 'known-first-name';

function isEvidentName(name: SpokenName, evidence: Evidence): boolean {
  const [first] = name.words;
  if (first === undefined) return false;
  if (evidence === 'any') return true;
  if (isKnownFirstName(first)) return true;
  return evidence === 'known-name' && name.words.some((w) => SURNAMES.has(w));
}

/** After a note's name come the age or the sex: 'ana costa vinte e oito anos', '…, 45 anos'. */
const IDENTIFICATION_AFTER = new RegExp(
  `^\\s*,?\\s*(?:(?:de|com|idade|idade de)\\s+)?(?:${NUMBER_PATTERN})\\s*(?:anos\\b|a\\b)|^\\s*,?\\s*(?:do sexo|sexo|masculino|feminino)\\b`,
);

function isFollowedBySpokenIdentification(c: Consultation, position: number): boolean {
  return IDENTIFICATION_AFTER.test(c.folded.slice(position, position + 60));
}

/**
 * Adults close to the patient: their names are not the patient's. Children are left out on
 * purpose: the carer of a child asked 'qual o nome do seu filho?' names the patient.
 */
const ADULT_RELATIVE =
  '(?:mae|pai|avo|avos|espos[oa]|marido|companheir[oa]|namorad[oa]|irma|irmao|ti[oa]|prim[oa]|sogr[oa]|cunhad[oa]|genro|nora|vizinh[oa]|patra[oa])';
/** 'minha mãe, ela se chama', 'e a sua mãe como ela se chama': the name that follows is theirs. */
const RELATIVE_BEFORE = new RegExp(
  `\\b${ADULT_RELATIVE}\\s*,?\\s*(?:(?:como|e|que|ele|ela)\\s+){0,3}$`,
);
/**
 * 'eu trouxe meu pai ele se chama …': the relative brought to the consultation is the patient, and
 * their name is the one to keep.
 */
const BROUGHT_RELATIVE = new RegExp(
  `\\b(?:trouxe|trazendo|vim trazer|vim com|estou com|to com|acompanhando|acompanho)\\s+(?:(?:o|a)\\s+)?(?:meu|minha)\\s+${ADULT_RELATIVE}\\b`,
);
/** Whether the text just before a cue names an adult relative who is not the patient. */
function isRelativeBefore(c: Consultation, before: string): boolean {
  return RELATIVE_BEFORE.test(before) && !BROUGHT_RELATIVE.test(c.folded);
}
const RELATIVE_AFTER = new RegExp(
  `^\\s*d[oa]s?\\s+(?:(?:sua|seu|tua|teu|minha|meu)\\s+)?${ADULT_RELATIVE}\\b`,
);
/** 'eu sou a mãe dele', said before 'meu nome é': the carer's own name follows. */
const CARER_BEFORE =
  /\b(?:sou|eu sou)\s+(?:a|o)\s+(?:mae|pai|avo|tia|tio|filh[oa]|espos[oa]|marido|irma|irmao|net[oa]|cuidador[a]?|acompanhante|responsavel)\b/;
/** 'meu nome é carlos, sou o médico': the doctor's own name. */
const DOCTOR_SELF_AFTER =
  /^\s*,?\s*(?:e\s+)?(?:eu\s+)?(?:sou|serei)\s+(?:(?:o|a|seu|sua)\s+)?(?:medic[oa]|doutor[a]?|enfermeir[oa]|tecnic[oa]|residente|plantonista|interno|interna|academic[oa])\b|^\s*,?\s*(?:e\s+)?(?:eu\s+)?vou\s+(?:te\s+|lhe\s+|o\s+|a\s+)?(?:atender|examinar|verificar|medir|aferir|acompanhar)\b/;

/** A spoken name read at `position`, unless it belongs to a relative, a carer or the doctor. */
function spokenNameAt(
  c: Consultation,
  position: number,
  evidence: Evidence,
): SpokenName | undefined {
  const name = readSpokenNameAt(c, position);
  if (!name || !isEvidentName(name, evidence)) return undefined;
  if (DOCTOR_SELF_AFTER.test(c.folded.slice(name.end, name.end + 40))) return undefined;
  if (SPEAKER_IS_RELATIVE.test(c.folded.slice(name.end, name.end + 40))) return undefined;
  return name;
}

// ---------------------------------------------------------------------------------------------
// The cues.

/** Cues by which speakers name themselves: from a carer, the carer's own name. */
const FIRST_PERSON_CUE = /^(?:meu nome|me chamo|eu me chamo|eu sou|sou)\b/;
/** '…, filha dela': the name just read is the speaker's, a relative or carer of the patient. */
const SPEAKER_IS_RELATIVE =
  /^\s*,?\s*(?:(?:sou|a|o)\s+)*(?:filh[oa]|mae|pai|espos[oa]|marido|net[oa]|irmao?|sobrinh[oa]|nora|genro|cuidador[a]?|acompanhante|vizinh[oa])\s+(?:dele|dela|do paciente|da paciente|d[oa] senhor[a]?)\b/;

/** Self-introductions and carers naming the patient; the name follows the cue. */
const INTRODUCTION =
  /\b(?:meu nome e|meu nome completo e|me chamo|eu me chamo|o nome dele e|o nome dela e|ele se chama|ela se chama|ele chama|ela chama|o nome e|eu sou (?:o|a)|sou (?:o|a)|nome do paciente\s*:|nome da paciente\s*:|nome\s*:)\s*/g;
/** Introductions that can only be followed by a name; 'sou a …' may go on 'sou a primeira'. */
const SURE_INTRODUCTION =
  /^(?:meu nome|me chamo|eu me chamo|o nome del|ele se chama|ela se chama|nome)/;

/** The doctor asking for the name (not the name of a medicine or a doctor). */
const NAME_QUESTION =
  /\b(?:quem e (?:o|a) paciente|nome(?!\s+d[oa]s?\s+(?:remedio|medicamento|medicacao|exame|hospital|medico|doutor|plano|convenio|posto|clinica))|se chama)\b/;

/**
 * The name question as said aloud, with whom it is about: 'qual o nome da senhora', 'o senhor se
 * chama como', 'me fala seu nome completo por favor'.
 */
const SPOKEN_NAME_QUESTION =
  /\b(?:qual (?:e )?(?:o )?(?:seu |teu )?nome(?: completo)?|como (?:e )?(?:o )?(?:seu )?nome|como (?:e que )?(?:(?:o senhor|a senhora|voce|ele|ela|tu) )?(?:se )?chama|(?:o senhor|a senhora|voce|ele|ela|tu) se chama(?: como)?|(?:me )?(?:fala|diz|diga|fale|informe)(?: pra mim)? (?:o )?(?:seu )?nome(?: completo)?|seu nome(?: completo)?|nome completo)(?: d[oa] (?:senhor|senhora|paciente)| de voce| dele| dela| d[oa] (?:seu |sua )?(?:filh[oa]|bebe|crianca|menin[oa]))?(?: completo)?(?: e (?:a )?(?:sua )?idade)?(?: por favor)?(?: completo)?\b/g;
/**
 * What an answer may open with before the name: 'é', 'bom dia doutor', 'meu nome é', 'sou a'.
 * 'Doutor' only after a greeting: in 'e o cardiologista como se chama doutor paulo' the name
 * after it is the doctor's.
 */
const ANSWER_WORDS =
  '(?:e|eh|sim|claro|ah|ai|olha|entao|pois nao|(?:oi|ola|bom dia|boa tarde|boa noite)(?: doutor| doutora| dr| dra)?|meu nome(?: completo)? e|o meu nome e|o meu e|me chamo|eu me chamo|chamo|eu sou(?: o| a)?|sou(?: o| a)?|o nome (?:dele |dela )?e|ele se chama|ela se chama|ele e|ela e|e o|e a|o|a|por favor|completo)';
const ANSWER_FILLER = new RegExp(`^(?:\\s+|,|${ANSWER_WORDS}\\b)*`);
/** A labelled answer is the patient's own turn: a 'doutor' in it addresses the doctor. */
const LABELLED_ANSWER_FILLER = new RegExp(
  `^(?:\\s+|,|(?:${ANSWER_WORDS}|doutor|doutora|dr|dra)\\b)*`,
);

/** A note's header: 'Paciente Maria Souza, 45 anos' / 'Paciente: Maria Souza.' */
const HEADER =
  /(?:^|\n|[.;]\s+)\s*(?:(?:estou\s+)?(?:atendendo|atendo|examinando|recebendo)(?:\s+(?:o|a))?(?:\s+(?:paciente|sr|sra|senhor|senhora|dona|seu))?|paciente|identificacao|pcte?|sr|sra|senhor|senhora|dona|seu)\.?\s*:?\s+|(?:^|\n)[ \t]*(?:s|id)[ \t]*:[ \t]*/g;

/** The same header in speech, anywhere in the text: 'atendendo agora a paciente ana costa…'. */
const SPOKEN_HEADER =
  /\b(?:paciente|pcte|pct|identificacao|nome(?: d[oa] paciente)?|(?:estou )?(?:atendendo|atendo|examinando|recebendo)(?: (?:agora|hoje|aqui))?(?: (?:o|a))?(?: paciente)?)\s+/g;
/** Titles before a name: 'dona maria silva de sessenta anos'. */
const SPOKEN_TITLE = /\b(?:senhor|senhora|sr|sra|dona|seu)\s+/g;

/**
 * The patient's name as stated in the consultation, or undefined when it never says.
 * @param consultation - the parsed consultation
 */
export function extractPatientName(consultation: Consultation): string | undefined {
  return locatePatientName(consultation)?.name;
}

/**
 * The patient's name and where it is stated, for rules that read what follows it (the age in
 * 'joão pedro silva trinta e dois anos').
 * @param consultation - the parsed consultation
 */
export function locatePatientName(consultation: Consultation): NameSpan | undefined {
  const cues = [fromIntroduction, fromAnswerToNameQuestion, fromHeader, fromAddress];
  for (const cue of cues) {
    // A capitalised name first: in a written note it is the surer reading of the same cue.
    const name = cue(consultation, false) ?? cue(consultation, true);
    if (name) return name;
  }
  return undefined;
}

function fromIntroduction(c: Consultation, spoken: boolean): NameSpan | undefined {
  for (const match of c.folded.matchAll(INTRODUCTION)) {
    const turn = c.turns.find((t) => match.index >= t.start && match.index < t.end);
    if (turn?.speaker === 'doctor') continue;
    const firstPerson = FIRST_PERSON_CUE.test(match[0]);
    if (turn?.speaker === 'companion' && firstPerson) continue;
    const before = c.folded.slice(Math.max(0, match.index - 40), match.index);
    if (isRelativeBefore(c, before)) continue;
    if (firstPerson && CARER_BEFORE.test(before)) continue;
    const at = match.index + match[0].length;
    const name = spoken
      ? spokenNameAt(c, at, SURE_INTRODUCTION.test(match[0]) ? 'any' : 'known-name')
      : capitalisedNameAt(c.original, at);
    if (!name) continue;
    if (SPEAKER_IS_RELATIVE.test(c.folded.slice(name.end, name.end + 40))) continue;
    return name;
  }
  return undefined;
}

function fromAnswerToNameQuestion(c: Consultation, spoken: boolean): NameSpan | undefined {
  if (!c.dialogue) return spoken ? fromSpokenNameQuestion(c) : undefined;
  for (const turn of c.turns) {
    const question = c.folded.slice(turn.start, turn.end);
    if (turn.speaker !== 'doctor' || !NAME_QUESTION.test(question)) continue;
    const answer = answerTo(c, turn.index);
    if (!answer) continue;
    const name = spoken
      ? spokenAnswer(c, answer.start, answer.end)
      : firstNameChunk(c, answer.start, answer.end);
    if (name) return name;
  }
  return undefined;
}

/**
 * The first stretch of an answer that is only a name: 'Bom dia, doutor. Juliana Costa.' gives
 * 'Juliana Costa'; 'É a Ana Lima' and 'Sou o Pedro' give the name after the verb.
 */
function firstNameChunk(c: Consultation, start: number, end: number): NameSpan | undefined {
  const chunk = /[^,.;!?\n]+/g;
  const text = c.original.slice(start, end);
  for (const match of text.matchAll(chunk)) {
    const folded = c.folded.slice(start + match.index, start + match.index + match[0].length);
    const lead =
      /^\s*(?:(?:e|sou|eu sou|chama|se chama|o nome e|ele e|ela e)\s+)?(?:(?:o|a)\s+)?/.exec(
        folded,
      );
    const offset = lead ? lead[0].length : 0;
    const name = capitalisedNameAt(c.original, start + match.index + offset);
    if (!name) continue;
    // The whole stretch must be the name: 'Tenho 29 anos' is not one, 'Ana Souza' is.
    const rest = c.original
      .slice(start + match.index + offset, start + match.index + match[0].length)
      .trim();
    if (rest === name.name) return name;
  }
  return undefined;
}

/**
 * A spoken answer to the name question: 'bom dia doutor maria aparecida dos santos'. A name that
 * is the whole answer needs no more proof; one followed by more words must be a known name.
 */
function spokenAnswer(c: Consultation, start: number, end: number): NameSpan | undefined {
  const lead = LABELLED_ANSWER_FILLER.exec(c.folded.slice(start, end));
  const at = start + (lead ? lead[0].length : 0);
  const name = readSpokenNameAt(c, at);
  if (!name || name.end > end) return undefined;
  const wholeAnswer = /^[\s,.;!?]*$/.test(c.folded.slice(name.end, end));
  return spokenNameAt(c, at, wholeAnswer ? 'any' : 'known-name');
}

/**
 * In an unlabelled transcript the doctor's question and the patient's answer run together:
 * 'qual o nome da senhora maria aparecida dos santos quantos anos…'. A relative's name asked
 * for ('qual o nome da sua mãe') is not the patient's.
 */
function fromSpokenNameQuestion(c: Consultation): NameSpan | undefined {
  for (const turn of c.turns) {
    if (turn.speaker !== 'narrator') continue;
    const body = c.folded.slice(turn.start, turn.end);
    for (const match of body.matchAll(SPOKEN_NAME_QUESTION)) {
      const at = turn.start + match.index;
      const after = at + match[0].length;
      if (RELATIVE_AFTER.test(c.folded.slice(after, after + 40))) continue;
      if (isRelativeBefore(c, c.folded.slice(Math.max(turn.start, at - 40), at))) continue;
      const lead = ANSWER_FILLER.exec(c.folded.slice(after, turn.end));
      const name = spokenNameAt(c, after + (lead ? lead[0].length : 0), 'known-name');
      if (name) return name;
    }
  }
  return undefined;
}

function fromHeader(c: Consultation, spoken: boolean): NameSpan | undefined {
  for (const turn of c.turns) {
    if (turn.speaker !== 'narrator') continue;
    const name = spoken
      ? spokenHeader(c, turn.start, turn.end)
      : writtenHeader(c, turn.start, turn.end);
    if (name) return name;
  }
  return undefined;
}

function writtenHeader(c: Consultation, start: number, end: number): NameSpan | undefined {
  const body = c.folded.slice(start, end);
  for (const match of body.matchAll(HEADER)) {
    const at = start + match.index + match[0].length;
    const name = capitalisedNameAt(c.original, at);
    if (name && isFollowedByIdentification(c.folded, name.end)) return name;
  }
  // A note may open with the name itself: 'Maria Souza, 45 anos, …'.
  const opening = capitalisedNameAt(c.original, start);
  if (opening?.name.includes(' ') && isFollowedByIdentification(c.folded, opening.end)) {
    return opening;
  }
  return undefined;
}

/**
 * 'paciente ana beatriz costa vinte e oito anos', 'dona maria silva sessenta anos', or a
 * dictation that opens with the name: 'joão pedro silva trinta e dois anos chegou com febre'.
 * After 'paciente', a known first name is enough ('a paciente maria refere tosse'); otherwise
 * the age or sex must follow a name with a known first name or surname.
 */
function spokenHeader(c: Consultation, start: number, end: number): NameSpan | undefined {
  const body = c.folded.slice(start, end);
  const identified = (name: SpokenName | undefined): name is SpokenName =>
    name !== undefined && isFollowedBySpokenIdentification(c, name.end);
  for (const match of body.matchAll(SPOKEN_HEADER)) {
    const at = start + match.index;
    if (isRelativeBefore(c, c.folded.slice(Math.max(start, at - 30), at))) continue;
    const name = spokenNameAt(c, at + match[0].length, 'known-name');
    if (name && (isKnownFirstName(name.words[0] ?? '') || identified(name))) return name;
  }
  for (const match of body.matchAll(SPOKEN_TITLE)) {
    const at = start + match.index;
    if (isRelativeBefore(c, c.folded.slice(Math.max(start, at - 30), at))) continue;
    const name = spokenNameAt(c, at + match[0].length, 'known-name');
    if (identified(name)) return name;
  }
  const opening = spokenNameAt(c, start, 'known-name');
  return identified(opening) ? opening : undefined;
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
function fromAddress(c: Consultation, spoken: boolean): NameSpan | undefined {
  if (!c.dialogue) return undefined;
  for (const turn of c.turns) {
    if (turn.speaker !== 'doctor') continue;
    const original = c.original.slice(turn.start, turn.end);
    const folded = c.folded.slice(turn.start, turn.end);
    // With a carer in the room, 'dona Ana' is more likely the mother than the child.
    if (!c.companion) {
      for (const match of folded.matchAll(ADDRESS_TITLE)) {
        const at = turn.start + match.index + match[0].length;
        // Spoken: 'e a pressão seu januário' — one known first name, no more.
        const name = spoken
          ? spokenNameAt(c, at, 'known-first-name')
          : capitalisedNameAt(c.original, at);
        if (name && !name.name.includes(' ')) return name;
      }
    }
    if (spoken) continue;
    for (const match of original.matchAll(VOCATIVE)) {
      const at = turn.start + match.index + match[0].length;
      const name = capitalisedNameAt(c.original, at);
      if (name && !name.name.includes(' ') && /^\s*[?!.,]/.test(c.original.slice(name.end))) {
        return name;
      }
    }
  }
  return undefined;
}
