/** What the allergy check knows about each `drugClass` used in the catalogue. */
export interface DrugClassInfo {
  /** How a sentence names one member: 'uma penicilina', 'um AINE'. */
  member: string;
  /** How an allergy list names the class ('penicilinas', 'sulfa', 'anti-inflamatórios'). */
  terms: readonly string[];
  /**
   * Whether an allergy to one member warns for the others. True where cross-reactions are the
   * rule (penicilinas, AINEs, opioides, IECA angioedema); false where the class is a grouping
   * doctors use but an allergy to one member says little about the rest (estatinas,
   * corticoides): those warn only when the allergy names the class itself.
   */
  crossReactive: boolean;
  /** Classes with a known partial cross-reaction, warned as a risk: penicilinas ↔ cefalosporinas. */
  related?: readonly string[];
}

const BETA_LACTAM_TERMS = ['betalactâmico', 'betalactâmicos', 'beta-lactâmico', 'beta-lactâmicos'];
const SALICYLATE_TERMS = ['salicilato', 'salicilatos'];

/** Keyed by the catalogue's `drugClass`; a test checks every class used there is here. */
export const DRUG_CLASSES: Readonly<Record<string, DrugClassInfo>> = {
  aine: {
    member: 'um AINE',
    terms: [
      'aine',
      'aines',
      'anti-inflamatório',
      'anti-inflamatórios',
      'antiinflamatório',
      'antiinflamatórios',
      ...SALICYLATE_TERMS,
    ],
    crossReactive: true,
  },
  pirazolona: {
    member: 'uma pirazolona',
    terms: ['pirazolona', 'pirazolonas', 'pirazolônico', 'pirazolônicos'],
    crossReactive: true,
  },
  opioide: {
    member: 'um opioide',
    terms: ['opioide', 'opioides', 'opiáceo', 'opiáceos'],
    crossReactive: true,
  },
  penicilina: {
    member: 'uma penicilina',
    terms: ['penicilina', 'penicilinas', 'penicilínico', 'penicilínicos', ...BETA_LACTAM_TERMS],
    crossReactive: true,
    related: ['cefalosporina'],
  },
  cefalosporina: {
    member: 'uma cefalosporina',
    terms: ['cefalosporina', 'cefalosporinas', ...BETA_LACTAM_TERMS],
    crossReactive: true,
    related: ['penicilina'],
  },
  carbapenêmico: {
    member: 'um carbapenêmico',
    terms: ['carbapenêmico', 'carbapenêmicos', 'carbapenem', ...BETA_LACTAM_TERMS],
    crossReactive: true,
  },
  macrolídeo: {
    member: 'um macrolídeo',
    terms: ['macrolídeo', 'macrolídeos', 'macrolido', 'macrolidos'],
    crossReactive: true,
  },
  quinolona: {
    member: 'uma quinolona',
    terms: ['quinolona', 'quinolonas', 'fluoroquinolona', 'fluoroquinolonas'],
    crossReactive: true,
  },
  sulfonamida: {
    member: 'uma sulfonamida',
    terms: ['sulfa', 'sulfas', 'sulfonamida', 'sulfonamidas', 'sulfamida', 'sulfamidas'],
    crossReactive: true,
  },
  nitrofurano: {
    member: 'um nitrofurano',
    terms: ['nitrofurano', 'nitrofuranos'],
    crossReactive: true,
  },
  nitroimidazol: {
    member: 'um nitroimidazol',
    terms: ['nitroimidazol', 'nitroimidazóis', 'nitroimidazólico', 'nitroimidazólicos'],
    crossReactive: true,
  },
  lincosamida: {
    member: 'uma lincosamida',
    terms: ['lincosamida', 'lincosamidas'],
    crossReactive: true,
  },
  tetraciclina: {
    member: 'uma tetraciclina',
    terms: ['tetraciclinas'],
    crossReactive: true,
  },
  aminoglicosídeo: {
    member: 'um aminoglicosídeo',
    terms: ['aminoglicosídeo', 'aminoglicosídeos'],
    crossReactive: true,
  },
  glicopeptídeo: {
    member: 'um glicopeptídeo',
    terms: ['glicopeptídeo', 'glicopeptídeos'],
    crossReactive: true,
  },
  sulfona: { member: 'uma sulfona', terms: ['sulfona', 'sulfonas'], crossReactive: true },
  azólico: {
    member: 'um antifúngico azólico',
    terms: ['azólico', 'azólicos', 'antifúngico azólico', 'antifúngicos azólicos'],
    crossReactive: false,
  },
  bra: {
    member: 'um BRA',
    terms: [
      'bra',
      'sartana',
      'sartanas',
      'bloqueador do receptor da angiotensina',
      'bloqueadores do receptor da angiotensina',
    ],
    crossReactive: true,
  },
  ieca: {
    member: 'um IECA',
    terms: [
      'ieca',
      'iecas',
      'inibidor da eca',
      'inibidores da eca',
      'inibidor da enzima conversora',
      'inibidores da enzima conversora',
    ],
    crossReactive: true,
  },
  'bloqueador dos canais de cálcio': {
    member: 'um bloqueador dos canais de cálcio',
    terms: ['bloqueador dos canais de cálcio', 'bloqueadores dos canais de cálcio'],
    crossReactive: false,
  },
  betabloqueador: {
    member: 'um betabloqueador',
    terms: ['betabloqueador', 'betabloqueadores', 'beta-bloqueador', 'beta-bloqueadores'],
    crossReactive: false,
  },
  'diurético tiazídico': {
    member: 'um diurético tiazídico',
    terms: ['tiazídico', 'tiazídicos', 'diurético tiazídico', 'diuréticos tiazídicos'],
    crossReactive: false,
  },
  'diurético de alça': {
    member: 'um diurético de alça',
    terms: ['diurético de alça', 'diuréticos de alça'],
    crossReactive: false,
  },
  nitrato: { member: 'um nitrato', terms: ['nitrato', 'nitratos'], crossReactive: false },
  estatina: { member: 'uma estatina', terms: ['estatina', 'estatinas'], crossReactive: false },
  fibrato: { member: 'um fibrato', terms: ['fibrato', 'fibratos'], crossReactive: false },
  // Heparin-induced antibodies react with low-molecular-weight heparins too.
  heparina: { member: 'uma heparina', terms: ['heparinas', 'hbpm'], crossReactive: true },
  'inibidor de SGLT2': {
    member: 'um inibidor de SGLT2',
    terms: ['sglt2', 'isglt2', 'gliflozina', 'gliflozinas'],
    crossReactive: false,
  },
  biguanida: { member: 'uma biguanida', terms: ['biguanida', 'biguanidas'], crossReactive: false },
  sulfonilureia: {
    member: 'uma sulfonilureia',
    terms: ['sulfonilureia', 'sulfonilureias'],
    crossReactive: true,
  },
  'inibidor de DPP-4': {
    member: 'um inibidor de DPP-4',
    terms: ['dpp-4', 'dpp4', 'idpp-4', 'idpp4', 'gliptina', 'gliptinas'],
    crossReactive: false,
  },
  insulina: { member: 'uma insulina', terms: ['insulina', 'insulinas'], crossReactive: false },
  'agonista de GLP-1': {
    member: 'um agonista de GLP-1',
    terms: ['glp-1', 'glp1', 'agonista de glp-1', 'agonistas de glp-1'],
    crossReactive: false,
  },
  corticoide: {
    member: 'um corticoide',
    terms: [
      'corticoide',
      'corticoides',
      'corticosteroide',
      'corticosteroides',
      'corticoesteroide',
      'corticoesteroides',
    ],
    crossReactive: false,
  },
  bisfosfonato: {
    member: 'um bisfosfonato',
    terms: ['bisfosfonato', 'bisfosfonatos'],
    crossReactive: false,
  },
  ibp: {
    member: 'um IBP',
    terms: [
      'ibp',
      'ibps',
      'inibidor da bomba de prótons',
      'inibidores da bomba de prótons',
      'inibidor de bomba de prótons',
      'inibidores de bomba de prótons',
    ],
    crossReactive: true,
  },
  'antagonista H2': {
    member: 'um antagonista H2',
    terms: ['antagonista h2', 'antagonistas h2', 'bloqueador h2', 'bloqueadores h2'],
    crossReactive: false,
  },
  'anti-histamínico': {
    member: 'um anti-histamínico',
    terms: [
      'anti-histamínico',
      'anti-histamínicos',
      'antihistamínico',
      'antihistamínicos',
      'antialérgico',
      'antialérgicos',
    ],
    crossReactive: false,
  },
  aminossalicilato: {
    member: 'um aminossalicilato',
    terms: ['aminossalicilato', 'aminossalicilatos', ...SALICYLATE_TERMS],
    crossReactive: true,
  },
  'beta-2 agonista': {
    member: 'um beta-2 agonista',
    terms: ['beta-2 agonista', 'beta-2 agonistas', 'beta2 agonista', 'beta2 agonistas'],
    crossReactive: false,
  },
  xantina: { member: 'uma xantina', terms: ['xantina', 'xantinas'], crossReactive: false },
  isrs: { member: 'um ISRS', terms: ['isrs'], crossReactive: false },
  irsn: { member: 'um IRSN', terms: ['irsn'], crossReactive: false },
  'antidepressivo tricíclico': {
    member: 'um antidepressivo tricíclico',
    terms: [
      'tricíclico',
      'tricíclicos',
      'antidepressivo tricíclico',
      'antidepressivos tricíclicos',
    ],
    crossReactive: false,
  },
  // Carbamazepina, oxcarbazepina, fenitoína, fenobarbital and lamotrigina share severe rashes
  // (SJS/TEN, DRESS): an allergy to one is a reason to avoid the others.
  'anticonvulsivante aromático': {
    member: 'um anticonvulsivante aromático',
    terms: [
      'anticonvulsivante aromático',
      'anticonvulsivantes aromáticos',
      'antiepiléptico aromático',
      'antiepilépticos aromáticos',
    ],
    crossReactive: true,
  },
  benzodiazepínico: {
    member: 'um benzodiazepínico',
    terms: ['benzodiazepínico', 'benzodiazepínicos', 'benzodiazepina', 'benzodiazepinas', 'bzd'],
    crossReactive: true,
  },
  antipsicótico: {
    member: 'um antipsicótico',
    terms: ['antipsicótico', 'antipsicóticos', 'neuroléptico', 'neurolépticos'],
    crossReactive: false,
  },
  triptano: {
    member: 'um triptano',
    terms: ['triptano', 'triptanos', 'triptana', 'triptanas'],
    crossReactive: false,
  },
  'anestésico local amida': {
    member: 'um anestésico local do tipo amida',
    terms: ['anestésico local', 'anestésicos locais'],
    crossReactive: false,
  },
};
