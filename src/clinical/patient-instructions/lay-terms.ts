import { foldAccents } from '@shared/lib/text-folding';

/**
 * Diagnoses as doctors write them, and the same in words a patient reads without help
 * (docs/documentos.md, "Orientações ao paciente"): 'HAS' is 'pressão alta', 'GECA' an infection
 * of the gut. Each names the signs that, with it, call for urgent care. The patterns read the
 * doctor's text folded (lower case, no accents), so 'Hipertensão' and 'hipertensao' are one.
 */
export interface LayCondition {
  /** What the doctor writes, folded: the name, its other names and its abbreviations. */
  written: RegExp;
  /** The condition as it reads after 'Você tem': 'pressão alta', 'uma infecção urinária'. */
  lay: string;
  /** A sentence saying what it is, in plain words, when the name alone does not. */
  explanation?: string;
  /** Signs that, with this condition, call for urgent care. */
  warnings: readonly string[];
}

const HEADACHE_WARNINGS = [
  'a pior dor de cabeça da sua vida, que começa de repente',
  'dor de cabeça com febre e pescoço duro',
  'fraqueza, formigamento ou dificuldade para falar',
];
const STOMACH_WARNINGS = [
  'vômito com sangue ou parecido com borra de café',
  'fezes pretas como piche',
  'dor forte na barriga que não passa',
];
const MOOD_WARNINGS = [
  'pensamentos de se machucar ou de tirar a própria vida (ligue também para o CVV, 188, a qualquer hora)',
];
const BREATHING_WARNINGS = [
  'falta de ar que não melhora com a bombinha de alívio',
  'dificuldade para falar frases inteiras por falta de ar',
  'lábios ou pontas dos dedos arroxeados',
];
const URINARY_WARNINGS = [
  'febre com calafrios',
  'dor forte nas costas, de um lado só',
  'vômitos que não deixam você tomar o remédio',
];

/** Most specific first: 'lombociatalgia' before 'lombalgia', 'enxaqueca' before 'cefaleia'. */
export const LAY_CONDITIONS: readonly LayCondition[] = [
  {
    written:
      /\b(?:hipertensao(?! (?:pulmonar|intracraniana|portal|ocular))|pressao alta|has|hipertens[oa])\b/,
    lay: 'pressão alta',
    explanation:
      'Pressão alta é quando o sangue passa pelas artérias com mais força do que deveria; sem cuidado, ela prejudica o coração, o cérebro e os rins.',
    warnings: [
      'dor forte no peito',
      'dor de cabeça muito forte e repentina',
      'fraqueza, formigamento ou boca torta de um lado do corpo',
      'dificuldade para falar ou para enxergar',
    ],
  },
  {
    written: /\b(?:diabetes(?! insipidus)(?: mellitus)?|diabetic[oa]|dm ?(?:1|2|i|ii)?)\b/,
    lay: 'diabetes',
    explanation: 'Diabetes é quando o açúcar no sangue fica mais alto do que deveria.',
    warnings: [
      'muita sede e muita vontade de urinar, com fraqueza ou vômitos',
      'tremor, suor frio, confusão ou desmaio (pode ser açúcar baixo no sangue)',
    ],
  },
  {
    written:
      /\b(?:dislipidemia|hipercolesterolemia|hipertrigliceridemia|colesterol (?:alto|elevado))\b/,
    lay: 'colesterol ou triglicérides altos',
    explanation:
      'Colesterol e triglicérides são gorduras do sangue que, altas, aumentam o risco de infarto e de derrame.',
    warnings: [],
  },
  {
    written: /\b(?:faringoamigdalite|amigdalite|faringite|tonsilite)s?\b/,
    lay: 'uma inflamação na garganta',
    explanation: 'A inflamação na garganta causa dor para engolir e pode dar febre.',
    warnings: [
      'dificuldade para engolir a própria saliva ou para abrir a boca',
      'falta de ar',
      'febre que continua depois de 2 dias de tratamento',
    ],
  },
  {
    written:
      /\b(?:ivas|infeccao (?:aguda )?das vias aereas superiores|resfriado(?: comum)?|rinofaringite|nasofaringite|sindrome gripal|gripe|influenza)\b/,
    lay: 'um resfriado ou uma gripe',
    explanation:
      'Resfriado e gripe são infecções por vírus no nariz e na garganta, que costumam melhorar sozinhas em alguns dias.',
    warnings: [
      'falta de ar ou respiração rápida',
      'febre que continua depois de 3 dias ou que volta depois de ter passado',
      'lábios ou pontas dos dedos arroxeados',
    ],
  },
  {
    written: /\b(?:rino)?sinusite\b/,
    lay: 'sinusite',
    explanation:
      'Sinusite é uma inflamação por dentro do nariz e dos ossos do rosto, que causa nariz entupido e dor ou peso no rosto.',
    warnings: [
      'inchaço ou vermelhidão em volta dos olhos',
      'dor de cabeça muito forte com pescoço duro',
      'visão dupla ou embaçada',
    ],
  },
  {
    written: /\botite\b/,
    lay: 'uma infecção no ouvido',
    warnings: ['inchaço, vermelhidão ou dor atrás da orelha', 'febre alta que não baixa'],
  },
  {
    // Not 'PAC': doctors also write it for 'paciente'.
    written: /\b(?:pneumonia|broncopneumonia)\b/,
    lay: 'pneumonia',
    explanation: 'Pneumonia é uma infecção no pulmão.',
    warnings: [
      'falta de ar ou respiração rápida',
      'lábios ou pontas dos dedos arroxeados',
      'confusão ou sonolência fora do comum',
      'febre que continua depois de 2 dias de antibiótico',
    ],
  },
  {
    written: /\b(?:asma|broncoespasmo|crise asmatica)\b/,
    lay: 'asma',
    explanation:
      'Na asma, os canais que levam o ar aos pulmões se fecham em crises e causam chiado, tosse e falta de ar.',
    warnings: BREATHING_WARNINGS,
  },
  {
    written: /\b(?:dpoc|doenca pulmonar obstrutiva cronica|enfisema(?: pulmonar)?)\b/,
    lay: 'uma doença crônica dos pulmões',
    explanation: 'Essa doença dificulta a saída do ar dos pulmões e causa falta de ar e tosse.',
    warnings: BREATHING_WARNINGS,
  },
  {
    written: /\bbronquite(?: aguda)?\b/,
    lay: 'bronquite',
    explanation:
      'Bronquite é uma inflamação nos canais que levam o ar aos pulmões, e causa tosse que pode durar algumas semanas.',
    warnings: ['falta de ar', 'chiado no peito que piora', 'febre alta'],
  },
  {
    written: /\b(?:gastroenterocolite|gastroenterite|enterite|geca|diarreia aguda)\b/,
    lay: 'uma infecção no intestino',
    explanation:
      'Essa infecção causa diarreia, às vezes com vômitos, e costuma passar em poucos dias.',
    warnings: [
      'sinais de desidratação: boca muito seca, pouca urina, tontura ao levantar',
      'sangue nas fezes',
      'vômitos que não deixam você beber líquidos',
      'dor forte na barriga',
    ],
  },
  {
    written: /\b(?:drge|doenca do refluxo(?: gastroesofagico)?|refluxo(?: gastroesofagico)?)\b/,
    lay: 'refluxo',
    explanation:
      'O ácido do estômago sobe para o esôfago, o tubo que leva a comida até o estômago, e causa azia e queimação.',
    warnings: [...STOMACH_WARNINGS, 'dificuldade ou dor para engolir'],
  },
  {
    written: /\b(?:gastrite|dispepsia)\b/,
    lay: 'uma irritação no estômago',
    warnings: STOMACH_WARNINGS,
  },
  {
    written: /\b(?:lombociatalgia|ciatalgia|ciatica)\b/,
    lay: 'dor na parte de baixo das costas que desce para a perna',
    explanation: 'Essa dor acontece quando um nervo que sai da coluna fica irritado.',
    warnings: [
      'perda de força nas pernas',
      'dificuldade para segurar ou para soltar a urina ou as fezes',
      'dormência na região entre as pernas',
    ],
  },
  {
    written: /\b(?:lombalgia|dor lombar)\b/,
    lay: 'dor na parte de baixo das costas',
    warnings: [
      'perda de força nas pernas',
      'dificuldade para segurar ou para soltar a urina ou as fezes',
      'dormência na região entre as pernas',
      'febre junto com a dor nas costas',
    ],
  },
  {
    written: /\bcervicalgia\b/,
    lay: 'dor no pescoço',
    warnings: ['fraqueza ou formigamento nos braços'],
  },
  {
    written: /\b(?:enxaqueca|migranea)\b/,
    lay: 'enxaqueca',
    explanation:
      'A enxaqueca é um tipo de dor de cabeça que vem em crises e pode piorar com a luz e o barulho.',
    warnings: HEADACHE_WARNINGS,
  },
  {
    written: /\bcefaleia\b/,
    lay: 'dor de cabeça',
    warnings: HEADACHE_WARNINGS,
  },
  {
    written: /\b(?:tendinite|tendinopatia|tenossinovite)\b/,
    lay: 'uma inflamação num tendão',
    explanation: 'O tendão é a parte que prende o músculo ao osso.',
    warnings: [],
  },
  {
    written: /\b(?:osteoartrose|osteoartrite|artrose)\b/,
    lay: 'artrose',
    explanation: 'A artrose é o desgaste da cartilagem que protege as articulações (as juntas).',
    warnings: [],
  },
  {
    written: /\bhipotireoidismo\b/,
    lay: 'a tireoide funcionando menos do que deveria',
    explanation:
      'A tireoide é uma glândula do pescoço; quando produz pouco hormônio, o corpo fica mais lento e cansado.',
    warnings: [],
  },
  {
    written: /\bhipertireoidismo\b/,
    lay: 'a tireoide funcionando mais do que deveria',
    explanation:
      'A tireoide é uma glândula do pescoço; quando produz hormônio demais, o corpo fica acelerado.',
    warnings: ['coração muito acelerado ou batendo irregular', 'febre alta com confusão'],
  },
  {
    written: /\b(?:insuficiencia cardiaca(?: congestiva)?|icc)\b/,
    lay: 'o coração fraco',
    explanation: 'O coração está bombeando o sangue com menos força do que deveria.',
    warnings: [
      'falta de ar que piora ou que não deixa você ficar deitado',
      'inchaço nas pernas que aumenta rápido',
      'aumento de mais de 2 kg no peso em 3 dias',
    ],
  },
  {
    written: /\bfibrilacao atrial\b/,
    lay: 'o coração batendo de forma irregular',
    warnings: [
      'batedeira com falta de ar, dor no peito ou desmaio',
      'fraqueza ou formigamento de um lado do corpo, boca torta ou dificuldade para falar',
    ],
  },
  {
    written: /\b(?:drc|doenca renal cronica|insuficiencia renal(?: cronica)?)\b/,
    lay: 'os rins funcionando menos do que deveriam',
    warnings: ['pouca ou nenhuma urina', 'inchaço que aumenta rápido', 'falta de ar'],
  },
  {
    written: /\banemia\b/,
    lay: 'anemia',
    explanation:
      'Anemia é quando o sangue tem menos glóbulos vermelhos, que levam o oxigênio pelo corpo; ela causa cansaço e palidez.',
    warnings: ['falta de ar mesmo parado', 'desmaio', 'fezes pretas ou sangramento'],
  },
  {
    written: /\b(?:obesidade|sobrepeso)\b/,
    lay: 'excesso de peso',
    warnings: [],
  },
  {
    written: /\b(?:depressao|episodio depressivo|transtorno depressivo)\b/,
    lay: 'depressão',
    warnings: MOOD_WARNINGS,
  },
  {
    written: /\b(?:transtorno de ansiedade(?: generalizada)?|transtorno do panico|ansiedade|tag)\b/,
    lay: 'ansiedade',
    warnings: MOOD_WARNINGS,
  },
  {
    written: /\b(?:dengue|arbovirose)\b/,
    lay: 'dengue',
    explanation: 'A dengue é uma infecção por vírus, transmitida pelo mosquito Aedes aegypti.',
    warnings: [
      'dor forte e contínua na barriga',
      'vômitos que não param',
      'sangramento pelo nariz, pela gengiva ou na urina',
      'tontura ou desmaio ao levantar',
      'manchas roxas na pele',
    ],
  },
  {
    written: /\bcovid(?:-19)?\b/,
    lay: 'covid-19',
    explanation: 'A covid-19 é uma infecção pelo coronavírus.',
    warnings: ['falta de ar ou cansaço para respirar', 'lábios arroxeados', 'confusão'],
  },
  {
    written: /\bconjuntivite\b/,
    lay: 'conjuntivite',
    explanation:
      'A conjuntivite é uma inflamação na parte branca do olho e por dentro das pálpebras.',
    warnings: ['dor forte no olho', 'piora da visão', 'muita sensibilidade à luz'],
  },
  {
    written: /\burticaria\b/,
    lay: 'uma alergia na pele',
    explanation: 'Essa alergia causa placas vermelhas que coçam e mudam de lugar.',
    warnings: [
      'inchaço nos lábios, na língua ou na garganta',
      'falta de ar ou chiado no peito',
      'tontura ou desmaio',
    ],
  },
  {
    written: /\b(?:dermatite|eczema)\b/,
    lay: 'uma irritação na pele',
    warnings: [],
  },
  {
    written: /\b(?:celulite|erisipela|impetigo|infeccao de pele|abscesso)\b/,
    lay: 'uma infecção na pele',
    warnings: [
      'vermelhidão que se espalha rápido',
      'febre alta ou calafrios',
      'dor muito forte no local',
    ],
  },
  {
    written: /\bpielonefrite\b/,
    lay: 'uma infecção nos rins',
    warnings: [...URINARY_WARNINGS, 'confusão ou sonolência fora do comum'],
  },
  {
    written: /\b(?:itu|infeccao (?:do trato )?urinaria|cistite)\b/,
    lay: 'uma infecção urinária',
    warnings: URINARY_WARNINGS,
  },
  {
    written: /\brinite(?: alergica)?\b/,
    lay: 'rinite',
    explanation:
      'A rinite é uma alergia por dentro do nariz, que causa espirros, coceira e coriza.',
    warnings: [],
  },
  {
    written: /\b(?:vppb|vertigem(?: posicional)?|labirintite)\b/,
    lay: 'tontura vinda do labirinto',
    explanation: 'O labirinto é a parte de dentro do ouvido que cuida do equilíbrio.',
    warnings: [
      'fraqueza ou formigamento de um lado do corpo',
      'dificuldade para falar ou para andar',
      'visão dupla',
      'dor de cabeça forte e repentina',
    ],
  },
  {
    written: /\b(?:crise de gota|artrite gotosa|hiperuricemia)\b/,
    lay: 'gota',
    explanation:
      'A gota é uma inflamação nas juntas causada pelo excesso de ácido úrico no sangue.',
    warnings: ['febre alta com a junta muito vermelha e inchada'],
  },
];

/** How a condition is named in the doctor's text: as a diagnosis or as a suspicion. */
export interface ConditionFound {
  condition: LayCondition;
  /** 'Suspeita de', 'hipótese', 'a esclarecer': said as a possibility, not as a diagnosis. */
  suspected: boolean;
}

/** Words before a name, in its clause, that deny it or place it in someone else. */
const DENIED =
  /\b(?:nega|negou|negam|sem|nao|ausencia de|descartad[oa]s?|afastad[oa]s?|excluid[oa]s?|mae|pai|irma|irmao|avo|familiar(?:es)?)\b/;
/**
 * Words before a name, in its clause, that make it a suspicion. 'HD:' and 'hipótese
 * diagnóstica' are how an assessment opens, not a doubt.
 */
const SUSPECTED = /\b(?:suspeita|provavel|possivel|a esclarecer|descartar|investiga\w*)\b/;

/**
 * The conditions a doctor's text names, in the order it names them, each once; a name denied
 * ('nega HAS', 'sem DM') or said of a relative ('mãe com diabetes') is left out.
 * @param text - an assessment, or a chief complaint
 */
export function conditionsIn(text: string): ConditionFound[] {
  const folded = foldAccents(text);
  const found: (ConditionFound & { at: number })[] = [];
  for (const condition of LAY_CONDITIONS) {
    const written = new RegExp(condition.written.source, 'g');
    for (const match of folded.matchAll(written)) {
      // The clause the name is in, up to it: commas, stops and new lines end a clause ('HD:'
      // too, for a denial).
      const before = folded.slice(Math.max(0, match.index - 60), match.index);
      const clause = before.split(/[.;,\n]/).pop() ?? '';
      if (DENIED.test(clause.split(':').pop() ?? '')) continue;
      const after = folded.slice(match.index + match[0].length);
      found.push({
        condition,
        suspected: SUSPECTED.test(clause) || /^[^.;,\n]*\?/.test(after.slice(0, 40)),
        at: match.index,
      });
      break;
    }
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map(({ condition, suspected }) => ({ condition, suspected }));
}

/**
 * Abbreviations a model (or a doctor) may leave in a text for the patient, and the words that
 * replace them, of the same gender so that an article before them still agrees ('a HAS' → 'a
 * pressão alta'). Only whole words in capitals: 'HAS', never the 'has' inside another word.
 */
const ABBREVIATIONS: readonly [RegExp, string][] = [
  [/(?<![\p{L}\d])HAS(?![\p{L}\d])/gu, 'pressão alta'],
  [/(?<![\p{L}\d])DM ?(?:1|2|I|II)?(?![\p{L}\d])/gu, 'diabetes'],
  [/(?<![\p{L}\d])ITU(?![\p{L}\d])/gu, 'infecção urinária'],
  [/(?<![\p{L}\d])IVAS(?![\p{L}\d])/gu, 'infecção do nariz e da garganta'],
  [/(?<![\p{L}\d])GECA(?![\p{L}\d])/gu, 'infecção no intestino'],
  [/(?<![\p{L}\d])DRGE(?![\p{L}\d])/gu, 'doença do refluxo'],
  [/(?<![\p{L}\d])DPOC(?![\p{L}\d])/gu, 'doença crônica dos pulmões'],
  [/(?<![\p{L}\d])ICC(?![\p{L}\d])/gu, 'fraqueza do coração'],
  [/(?<![\p{L}\d])DRC(?![\p{L}\d])/gu, 'doença dos rins'],
  [/(?<![\p{L}\d])PA(?![\p{L}\d])/gu, 'pressão'],
  [/(?<![\p{L}\d])VO(?![\p{L}\d])/gu, 'pela boca'],
  [/(?<![\p{L}\d])(?:SN|S\/N)(?![\p{L}\d])/gu, 'se precisar'],
  [/(?<![\p{L}\d])PS(?![\p{L}\d])/gu, 'pronto-socorro'],
  [/(?<![\p{L}\d])UBS(?![\p{L}\d])/gu, 'unidade básica de saúde (o posto)'],
];

/**
 * A text for the patient with the abbreviations doctors use written out in plain words
 * ('Você tem HAS' → 'Você tem pressão alta'). Everything else is kept as written.
 * @param text - a section of the orientações
 */
export function withoutAbbreviations(text: string): string {
  return ABBREVIATIONS.reduce((result, [pattern, words]) => result.replace(pattern, words), text);
}
