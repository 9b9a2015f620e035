import { NUMBER_PATTERN } from './spoken-numbers';

/**
 * Words people use for what brings them to a doctor, in lay and clinical Portuguese (folded:
 * lower case, no accents). The chief complaint and the current symptoms are read from here.
 */
const SYMPTOM_TERMS = `
dor|dores|dorzinha|cefaleia|enxaqueca|febre|febricula|tosse|falta de ar|dispneia|cansaco|fadiga|
fraqueza|tontura|tonturas|vertigem|desmaio|desmaios|nausea|nauseas|enjoo|enjoos|vomito|vomitos|
diarreia|prisao de ventre|intestino preso|constipacao|azia|queimacao|refluxo|inchaco|edema|
manchas?|coceira|prurido|alergia|espinhas?|acne|feridas?|lesao|lesoes|caroco|carocos|nodulo|
sangramento|corrimento|ardencia|ardor|disuria|polaciuria|poliuria|polidipsia|urgencia miccional|
insonia|ansiedade|tristeza|depressao|palpitacao|palpitacoes|coracao acelerado|batedeira|
formigamento|dormencia|perda de peso|emagrecimento|garganta inflamada|coriza|nariz entupido|
nariz escorrendo|espirros?|rouquidao|chiado|sibilancia|olhos? vermelhos?|vermelhidao|
visao turva|visao embacada|zumbido|otalgia|odinofagia|disfagia|lombalgia|cervicalgia|
artralgia|mialgia|queda de cabelo|verrugas?|gripe|resfriado|convulsao|convulsoes|crises?|
sangue na urina|hematuria|atraso menstrual|colicas?|irritacao|gases|estufamento|
dificuldade para respirar|dificuldade pra respirar|dificuldade de respirar|
dificuldade para urinar|dificuldade pra urinar|dificuldade para engolir|dificuldade pra engolir|
dificuldade para dormir|dificuldade pra dormir|secrecao|catarro|pigarro|
caimbras?|tremores?|tremedeira|esquecimento|perda de memoria|sonolencia|mal[- ]estar|moleza|
calafrios?|sudorese|hemorroidas?|bolhas?|unha encravada|micose|frieira|caspa|entorse|torcao|
queimadura|picada|mordida|aperto no peito|pressao no peito|fogachos|falta de apetite|
inapetencia|desanimo|nervosismo|estresse|panico|ictericia|amarelao|inchado|inchada|
infeccao|dor de cabeca|dor de garganta|dor de barriga|dor de ouvido|dor nas costas|
cansad[oa]|tont[oa]|enjoad[oa]|gripad[oa]|resfriad[oa]|desanimad[oa]|sem energia|
fraqueza|fraco|fraca|
`
  .split('|')
  .map((term) => term.trim())
  .filter(Boolean)
  // Longest first, so 'dor de cabeca' wins over 'dor'.
  .sort((a, b) => b.length - a.length)
  .join('|');

/** Regular-expression source matching one symptom word or phrase at a word boundary. */
export const SYMPTOM_PATTERN = `\\b(?:${SYMPTOM_TERMS})\\b`;

const SYMPTOM_AT_START = new RegExp(`^${SYMPTOM_PATTERN}`);
const SYMPTOM_ANYWHERE = new RegExp(SYMPTOM_PATTERN, 'g');

/** Whether folded text starts with a symptom word ('dor lombar…', 'febre há…'). */
export function startsWithSymptom(folded: string): boolean {
  return SYMPTOM_AT_START.test(folded);
}

/** Every symptom word in folded text, with its position. */
export function findSymptomWords(folded: string): { start: number; end: number; word: string }[] {
  return [...folded.matchAll(SYMPTOM_ANYWHERE)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    word: m[0],
  }));
}

/**
 * What makes a symptom hypothetical, said right before it: the doctor's as-needed order or
 * warning ('dipirona se dor', 'em caso de febre', 'volta se tiver falta de ar'), or what a
 * medicine is for ('pra dor e febre, dipirona'); also the next symptom of its list ('se dor ou
 * febre').
 */
const CONDITION_BEFORE = new RegExp(
  `\\b(?:se|caso|pra|para|contra|em caso de|se (?:tiver|sentir|houver|apresentar|aparecer|persistir|piorar|vier)|quando (?:tiver|sentir|houver)|sinais? de alarme(?: como)?)\\s+(?:(?:a|o|uma|um|alguma|algum|muita|muito)\\s+)?(?:${SYMPTOM_PATTERN}\\s+(?:e|ou)\\s+)?$`,
);

/**
 * A 'não' right after a symptom phrase answers a question about it ('tem tosse? tosse não'), in
 * speech often with no comma and more words after it ('febre não nada disso'). Not when 'não'
 * says how the symptom behaves ('dor não passa', 'febre não baixa').
 */
const DENIAL_AFTER =
  /^\s*,?\s*(?:nao|nunca)\b(?!\s+(?:passa|para|melhora|melhorou|baixa|baixou|cede|cedeu|sai|saiu|vai embora|some|sumiu|alivia|aliviou|diminui|diminuiu|deixa|deixou|me deixa|tem fim|acaba|acabou|consigo|consegui))/;

/** Whether the symptom phrase ending at `end` of the folded text is denied right after it. */
export function isDeniedAfter(folded: string, end: number): boolean {
  return DENIAL_AFTER.test(folded.slice(end, end + 40));
}

/** An exam finding, not a complaint: 'dor à palpação', 'secreção ao exame'. */
const EXAM_FINDING_AFTER = /^\s*(?:a palpacao|ao exame|a ausculta|a inspecao|a percussao)\b/;

/** Whether the phrase ending at `end` is an exam finding ('dor à palpação'). */
export function isExamFinding(folded: string, end: number): boolean {
  return EXAM_FINDING_AFTER.test(folded.slice(end, end + 20));
}

/** Whether the symptom at `start` of the folded text is only a condition ('se dor', 'pra dor'). */
export function isConditionalSymptom(folded: string, start: number): boolean {
  return CONDITION_BEFORE.test(folded.slice(Math.max(0, start - 40), start));
}

/** How far back an allergy statement reaches over the symptoms after it, in characters. */
const ALLERGY_REACH = 50;

/** 'Alergia a dipirona' or its question: the allergy itself is no symptom of today. */
const ALLERGY_ITSELF = /^alergi\w*\s+(?:a|ao|aos|as|de|com|medicament\w*|a remedio)\b/;
/** A new statement of the patient's, which ends an allergy's reach ('… e tô com dor'). */
const NEW_STATEMENT =
  /\b(?:to com|estou com|tenho|tive|sinto|senti|comecou|comecei|vim|ando|fiquei|estou|to|mas)\b/;

/**
 * Whether the symptom at `start` tells an allergy, not today's symptoms: 'alergia a dipirona,
 * me dá manchas'. Only the allergy's own clause counts, so in a transcript that runs as one
 * sentence the symptoms told elsewhere stay.
 * @param sentenceStart - where the symptom's sentence starts: the allergy must be in it
 */
export function tellsAnAllergy(folded: string, sentenceStart: number, start: number): boolean {
  if (ALLERGY_ITSELF.test(folded.slice(start, start + 30))) return true;
  const before = folded.slice(Math.max(sentenceStart, start - ALLERGY_REACH), start);
  const allergy = [...before.matchAll(/\balergi/g)].pop();
  return allergy !== undefined && !NEW_STATEMENT.test(before.slice(allergy.index));
}

/** Words that end a complaint phrase: time, a new clause, fillers of speech. */
const PHRASE_STOP =
  /^(?:que|ha|desde|faz|fazem|quando|porque|pois|mas|principalmente|associad\w*|iniciad\w*|de intensidade|com inicio|aqui|la|ai|ja|depois|tipo|ne|sabe|doutor|doutora|doutor\w*|ontem|hoje|agora|as vezes|sempre|muito|forte|fortissima|intensa|leve|moderada|e (?:eu|ele|ela|ontem|hoje|agora|depois|tambem|ta|esta|fica|piorou|doi|comecou|nao|uma|um|tem|teve|tive|tenho|to|estou)|comecou|iniciou|ha cerca|nos ultimos|nas ultimas|no ultimo|na ultima|ja faz|vai fazer|tem uns|tem umas|uns|umas|cerca)\b/;

/**
 * What ends a complaint phrase in a transcript without punctuation, where the phrase runs into
 * whatever is said next: a vital sign ('tosse com catarro frequência cardíaca cento e dez'), an
 * exam finding, the doctor's plan or next question ('vou passar…', 'a senhora toma…'), a denial
 * ('febre não'), a medicine being told, or a duration ('tosse tem dois dias', 'a dois dias' for
 * 'há'). 'Pressão' ends it unless it is the symptom's own ('dor e pressão no peito'); 'peso' and
 * 'altura' only before their value ('perda de peso').
 */
const SPEECH_STOP = new RegExp(
  `^(?:pressao(?!\\s+n[oa]s?\\b)|pa|frequencia|fc|fr|saturacao|saturando|saturou|sat|spo2|oximetria|temperatura|temp|glicemia|dextro|hgt|batimentos|sinais vitais|(?:peso|pesando|altura|medindo)\\s+(?:(?:de|e|esta|ta)\\s+)?(?:${NUMBER_PATTERN})|nao|nunca|nada|a palpacao|ao exame|traz|trouxe|saiu|deu|medi|mediu|fiz|fez|vou|vamos|a gente vai|(?:o|a) (?:senhor|senhora)|voce|vc|algum|alguma|tem|tinha|toma|tomo|tomando|usa|uso|usando|remedio|remedios|medicamento|medicacao|a\\s+(?:uns\\s+|umas\\s+|cerca de\\s+)?(?:${NUMBER_PATTERN})\\s+(?:horas?|dias?|semanas?|mes|meses|anos?))\\b`,
);

/** A number said as a measurement ('febre de trinta e oito', 'saturação 94') ends the phrase. */
const NUMBER_AT_START = new RegExp(`^(?:${NUMBER_PATTERN})`);
/** 'Um' / 'uma' are articles more often than numbers ('dor em uma perna'). */
const ARTICLE = /^(?:um|uma)\b/;
/** Words before a number that count body parts ('dor nas duas pernas'), not a measurement. */
const COUNTED_BEFORE = /^(?:os|as|nos|nas|dos|das|aos|ambos|ambas)$/;

/**
 * The words of a complaint phrase starting at `start` of the folded text: up to the first
 * punctuation, time expression, new clause, measurement or plan, at most `maxWords` words. The
 * symptom term itself is never cut ('perda de peso').
 * @returns the end position of the phrase
 */
export function complaintPhraseEnd(folded: string, start: number, maxWords = 6): number {
  let at = start;
  let words = 0;
  const term = SYMPTOM_AT_START.exec(folded.slice(start, start + 40));
  const termEnd = term ? start + term[0].length : start;
  let previous = '';
  const word = /[a-z0-9/-]+/y;
  for (;;) {
    while (folded.charAt(at) === ' ') at++;
    if (words > 0 && at >= termEnd && endsPhrase(folded.slice(at, at + 60), previous)) break;
    word.lastIndex = at;
    const match = word.exec(folded);
    if (!match) break;
    at = word.lastIndex;
    previous = match[0];
    words++;
    if (words >= maxWords && at >= termEnd) break;
  }
  // Trailing connectives are not part of the phrase ('dor no' → 'dor').
  const phrase = folded.slice(start, at);
  const trimmed = phrase.replace(
    /(?:\s+(?:e|de|do|da|no|na|nos|nas|em|com|o|a|os|as|um|uma|pra|para|meu|minha))+\s*$/,
    '',
  );
  return start + trimmed.length;
}

/** Whether the folded text at a word boundary, after the word `previous`, ends a phrase. */
function endsPhrase(rest: string, previous: string): boolean {
  if (PHRASE_STOP.test(rest) || SPEECH_STOP.test(rest)) return true;
  return NUMBER_AT_START.test(rest) && !ARTICLE.test(rest) && !COUNTED_BEFORE.test(previous);
}
