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

/** Words that end a complaint phrase: time, a new clause, fillers of speech. */
const PHRASE_STOP =
  /^(?:que|ha|desde|faz|fazem|quando|porque|pois|mas|principalmente|associad\w*|iniciad\w*|de intensidade|com inicio|aqui|la|ai|ja|depois|tipo|ne|sabe|doutor|doutora|doutor\w*|ontem|hoje|agora|as vezes|sempre|muito|forte|fortissima|intensa|leve|moderada|e (?:eu|ele|ela|ontem|hoje|agora|depois|tambem|ta|esta|fica|piorou|doi|comecou|nao|uma|um|tem|teve|tive|tenho|to|estou)|comecou|iniciou|ha cerca|nos ultimos|nas ultimas|no ultimo|na ultima|ja faz|vai fazer|tem uns|tem umas|uns|umas|cerca)\b/;

/**
 * The words of a complaint phrase starting at `start` of the folded text: up to the first
 * punctuation, time expression or new clause, at most `maxWords` words.
 * @returns the end position of the phrase
 */
export function complaintPhraseEnd(folded: string, start: number, maxWords = 6): number {
  let at = start;
  let words = 0;
  const word = /[a-z0-9/-]+/y;
  for (;;) {
    while (folded.charAt(at) === ' ') at++;
    if (words > 0 && PHRASE_STOP.test(folded.slice(at, at + 24))) break;
    word.lastIndex = at;
    const match = word.exec(folded);
    if (!match) break;
    at = word.lastIndex;
    words++;
    if (words >= maxWords) break;
  }
  // Trailing connectives are not part of the phrase ('dor no' → 'dor').
  const phrase = folded.slice(start, at);
  const trimmed = phrase.replace(
    /(?:\s+(?:e|de|do|da|no|na|nos|nas|em|com|o|a|os|as|um|uma|pra|para|meu|minha))+\s*$/,
    '',
  );
  return start + trimmed.length;
}
