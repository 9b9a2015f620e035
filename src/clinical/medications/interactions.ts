/**
 * The curated drug–drug interaction table of the prescribing safety check (docs/receitas.md, "Segurança da prescrição").
 *
 * Format:
 * - {@link MEDICATION_GROUPS} names the medicines that share what a rule is about: a class
 *   ('aine'), an effect ('prolonga_qt') or an enzyme they inhibit or induce
 *   ('inibidor_cyp3a4_forte'). Members are catalogue generic names (catalogue.ts); a combination
 *   is matched through its components, so a group lists single-ingredient entries, and names a
 *   combination whole only when its relevant part has no entry of its own
 *   ('drospirenona + etinilestradiol', 'amilorida + hidroclorotiazida').
 * - {@link INTERACTIONS} pairs two sides, each a generic name ('varfarina') or a group written
 *   with '@' ('@aine'). The order of the sides does not matter. A group paired with itself
 *   ('@prolonga_qt' with '@prolonga_qt') means any two different members of it.
 * - A pair of medicines may match more than one rule when the mechanisms differ (claritromicina
 *   with domperidona: QT and CYP3A4); the check shows the gravest.
 * - Severity: 'contraindicado' only where the bula or a regulator says so; 'grave' for bleeding,
 *   arrhythmia, serotonin syndrome, hyperkalaemia, toxicity or loss of effect of a critical
 *   medicine; 'moderado' for what spacing the doses, adjusting them or monitoring handles.
 * - Each message is one line of Portuguese: the risk, then what to do.
 *
 * Sources: the ONC high-priority list, the AGS Beers Criteria 2023 (drug–drug interactions to
 * avoid in older adults), CredibleMeds for the QT list, FDA and EMA safety communications,
 * the bulas (ANVISA, or the FDA or EMA label where the Brazilian one says less), the FSRH
 * guidance on hormonal contraception, the EHRA guide on the oral anticoagulants, and Stockley's
 * Drug Interactions for the well-established interactions none of those lists.
 *
 * Interactions left out because a partner is not in the catalogue: lovastatina, voriconazol,
 * posaconazol and the HIV protease inhibitors (CYP3A4); cisaprida, pimozida, tioridazina,
 * dronedarona (QT); selegilina, dextrometorfano (serotonin); ergotamina and di-hidroergotamina
 * (with triptans and CYP3A4 inhibitors); prasugrel, edoxabana, micofenolato.
 */
import type { InteractionRule, MedicationGroup } from '@shared/prescriptions/safety-warnings';

const ONC = 'ONC High-Priority DDI List (Phansalkar et al., JAMIA 2012)';
const BEERS = 'Critérios de Beers 2023 (AGS)';
const STOCKLEY = "Stockley's Drug Interactions";
const CREDIBLEMEDS = 'CredibleMeds QTdrugs';
const EHRA = 'EHRA Practical Guide on NOACs (Steffel et al., Europace 2021)';
const FSRH = 'FSRH: Drug Interactions with Hormonal Contraception (2022)';
const FDA_OPIOIDS_SEROTONIN = 'FDA Drug Safety Communication 2016 (opioides e serotonina)';
const FDA_OPIOIDS_SEDATIVES = 'FDA Drug Safety Communication 2016 (opioides e benzodiazepínicos)';
const FDA_GABAPENTINOIDS = 'FDA Drug Safety Communication 2019 (gabapentinoides)';
const FDA_SIMVASTATIN = 'Bula da sinvastatina (ANVISA); FDA Drug Safety Communication 2011';
const FDA_SIMVASTATIN_DOSES = 'FDA Drug Safety Communication 2011 (sinvastatina)';
const FDA_FLUOROQUINOLONES = 'FDA Drug Safety Communication 2018 (fluoroquinolonas)';

/** Keyed by the name rules use after '@'. */
export const MEDICATION_GROUPS: Readonly<Record<string, MedicationGroup>> = {
  // Bleeding
  anticoagulante: {
    label: 'um anticoagulante',
    members: ['apixabana', 'dabigatrana', 'enoxaparina', 'heparina', 'rivaroxabana', 'varfarina'],
  },
  anticoagulante_oral_direto: {
    label: 'um anticoagulante oral direto',
    members: ['apixabana', 'dabigatrana', 'rivaroxabana'],
  },
  inibidor_fator_xa: {
    label: 'um inibidor do fator Xa',
    members: ['apixabana', 'rivaroxabana'],
  },
  heparina: { label: 'uma heparina', members: ['enoxaparina', 'heparina'] },
  antiplaquetario: {
    label: 'um antiplaquetário',
    members: ['ácido acetilsalicílico', 'cilostazol', 'clopidogrel', 'ticagrelor'],
  },
  inibidor_p2y12: {
    label: 'um inibidor de P2Y12',
    members: ['clopidogrel', 'ticagrelor'],
  },
  // Ácido acetilsalicílico is left out: at the doses sold it is prescribed as an antiplatelet.
  aine: {
    label: 'um anti-inflamatório (AINE)',
    members: [
      'ácido mefenâmico',
      'celecoxibe',
      'cetoprofeno',
      'cetorolaco',
      'diclofenaco',
      'etoricoxibe',
      'ibuprofeno',
      'indometacina',
      'meloxicam',
      'naproxeno',
      'nimesulida',
      'piroxicam',
      'tenoxicam',
    ],
  },
  corticoide_sistemico: {
    label: 'um corticoide sistêmico',
    members: [
      'betametasona',
      'deflazacorte',
      'dexametasona',
      'hidrocortisona',
      'metilprednisolona',
      'prednisolona',
      'prednisona',
    ],
  },

  // Serotonin, the central nervous system
  antidepressivo_serotoninergico: {
    label: 'um antidepressivo serotoninérgico (ISRS, IRSN)',
    members: [
      'citalopram',
      'desvenlafaxina',
      'duloxetina',
      'escitalopram',
      'fluoxetina',
      'fluvoxamina',
      'paroxetina',
      'sertralina',
      'venlafaxina',
      'vortioxetina',
    ],
  },
  triciclico: {
    label: 'um antidepressivo tricíclico',
    members: ['amitriptilina', 'clomipramina', 'imipramina', 'nortriptilina'],
  },
  opioide: {
    label: 'um opioide',
    members: ['codeína', 'fentanila', 'metadona', 'morfina', 'oxicodona', 'petidina', 'tramadol'],
  },
  opioide_serotoninergico: {
    label: 'um opioide com ação serotoninérgica',
    members: ['fentanila', 'metadona', 'petidina', 'tramadol'],
  },
  opioide_cyp3a4: {
    label: 'um opioide metabolizado pelo CYP3A4',
    members: ['fentanila', 'metadona', 'oxicodona'],
  },
  triptano: {
    label: 'um triptano',
    members: ['naratriptana', 'rizatriptana', 'sumatriptana'],
  },
  benzodiazepinico: {
    label: 'um benzodiazepínico',
    members: [
      'alprazolam',
      'bromazepam',
      'clobazam',
      'clonazepam',
      'cloxazolam',
      'diazepam',
      'lorazepam',
      'midazolam',
      'nitrazepam',
    ],
  },
  gabapentinoide: {
    label: 'um gabapentinoide',
    members: ['gabapentina', 'pregabalina'],
  },
  relaxante_muscular: {
    label: 'um relaxante muscular de ação central',
    members: ['baclofeno', 'ciclobenzaprina', 'tizanidina'],
  },
  simpaticomimetico: {
    label: 'um simpaticomimético (estimulante ou descongestionante)',
    members: [
      'dipirona + isometepteno + cafeína',
      'lisdexanfetamina',
      'loratadina + pseudoefedrina',
      'metilfenidato',
    ],
  },
  antipsicotico: {
    label: 'um antipsicótico',
    members: [
      'aripiprazol',
      'clorpromazina',
      'clozapina',
      'haloperidol',
      'levomepromazina',
      'lurasidona',
      'olanzapina',
      'quetiapina',
      'risperidona',
    ],
  },
  // Quetiapina and clozapina are the antipsychotics that least worsen parkinsonism.
  antipsicotico_bloqueador_d2: {
    label: 'um antipsicótico que piora o parkinsonismo',
    members: [
      'aripiprazol',
      'clorpromazina',
      'haloperidol',
      'levomepromazina',
      'lurasidona',
      'olanzapina',
      'risperidona',
    ],
  },
  dopaminergico: {
    label: 'um dopaminérgico (levodopa ou agonista dopaminérgico)',
    // Not cabergolina: given for prolactinoma or to stop lactation, not for parkinsonism.
    members: ['levodopa + benserazida', 'levodopa + carbidopa', 'pramipexol'],
  },
  valproato: {
    label: 'um valproato',
    members: ['ácido valproico', 'divalproato de sódio'],
  },
  anticonvulsivante_indutor: {
    label: 'um anticonvulsivante indutor enzimático',
    members: ['carbamazepina', 'fenitoína', 'fenobarbital'],
  },

  // The heart rhythm
  // Known risk of torsades de pointes on CredibleMeds, and quetiapina and hidroxizina, whose
  // labels (FDA; EMA 2015) ask to avoid other QT-prolonging medicines. Domperidona has rules
  // of its own: its bula contraindicates it with any of them.
  prolonga_qt: {
    label: 'um medicamento que prolonga o QT',
    members: [
      'amiodarona',
      'azitromicina',
      'ciprofloxacino',
      'citalopram',
      'claritromicina',
      'clorpromazina',
      'cloroquina',
      'donepezila',
      'eritromicina',
      'escitalopram',
      'fluconazol',
      'haloperidol',
      'hidroxicloroquina',
      'hidroxizina',
      'levofloxacino',
      'metadona',
      'moxifloxacino',
      'ondansetrona',
      'quetiapina',
      'sotalol',
    ],
  },
  antiarritmico_qt: {
    label: 'um antiarrítmico que prolonga o QT',
    members: ['amiodarona', 'sotalol'],
  },
  betabloqueador: {
    label: 'um betabloqueador',
    members: [
      'atenolol',
      'bisoprolol',
      'carvedilol',
      'metoprolol',
      'nebivolol',
      'propranolol',
      'sotalol',
      'timolol',
    ],
  },
  betabloqueador_nao_seletivo: {
    label: 'um betabloqueador não seletivo',
    members: ['carvedilol', 'propranolol', 'sotalol', 'timolol'],
  },
  bcc_nao_diidropiridinico: {
    label: 'um bloqueador de canal de cálcio não di-hidropiridínico (verapamil, diltiazem)',
    members: ['diltiazem', 'verapamil'],
  },
  bloqueador_canal_calcio: {
    label: 'um bloqueador dos canais de cálcio',
    members: ['anlodipino', 'diltiazem', 'nifedipino', 'verapamil'],
  },
  nitrato: {
    label: 'um nitrato',
    members: ['dinitrato de isossorbida', 'mononitrato de isossorbida'],
  },
  inibidor_pde5: { label: 'um inibidor da PDE-5', members: ['sildenafila', 'tadalafila'] },
  alfabloqueador: { label: 'um alfabloqueador', members: ['doxazosina', 'tansulosina'] },
  beta2_agonista: {
    label: 'um broncodilatador beta-2 agonista',
    members: [
      'fenoterol',
      'fluticasona + salmeterol',
      'fluticasona + vilanterol',
      'formoterol',
      'salbutamol',
      'umeclidínio + vilanterol',
    ],
  },

  // Kidney and potassium
  ieca: { label: 'um IECA', members: ['captopril', 'enalapril', 'lisinopril', 'ramipril'] },
  // Sacubitril + valsartana is one through valsartana.
  bra: {
    label: 'um BRA',
    members: [
      'candesartana',
      'irbesartana',
      'losartana',
      'olmesartana',
      'telmisartana',
      'valsartana',
    ],
  },
  poupador_potassio: {
    label: 'um diurético poupador de potássio',
    members: ['amilorida + hidroclorotiazida', 'espironolactona'],
  },
  diuretico_tiazidico: {
    label: 'um diurético tiazídico',
    members: ['clortalidona', 'hidroclorotiazida', 'indapamida'],
  },
  diuretico_alca: { label: 'um diurético de alça', members: ['furosemida'] },
  inibidor_sglt2: {
    label: 'um inibidor de SGLT2',
    members: ['dapagliflozina', 'empagliflozina'],
  },
  aminoglicosideo: { label: 'um aminoglicosídeo', members: ['amicacina', 'gentamicina'] },
  inibidor_calcineurina: {
    label: 'um inibidor de calcineurina (ciclosporina, tacrolimo)',
    members: ['ciclosporina', 'tacrolimo'],
  },

  // Metabolism: who inhibits or induces the enzymes
  inibidor_cyp3a4_forte: {
    label: 'um inibidor potente do CYP3A4',
    members: ['cetoconazol', 'claritromicina', 'itraconazol'],
  },
  inibidor_cyp3a4_moderado: {
    label: 'um inibidor moderado do CYP3A4',
    members: ['diltiazem', 'eritromicina', 'fluconazol', 'verapamil'],
  },
  azolico_potente: {
    label: 'um antifúngico azólico potente (cetoconazol, itraconazol)',
    members: ['cetoconazol', 'itraconazol'],
  },
  antifungico_azolico: {
    label: 'um antifúngico azólico',
    members: ['cetoconazol', 'fluconazol', 'itraconazol', 'miconazol'],
  },
  macrolideo_cyp3a4: {
    label: 'um macrolídeo inibidor do CYP3A4 (claritromicina, eritromicina)',
    members: ['claritromicina', 'eritromicina'],
  },
  inibidor_cyp1a2_forte: {
    label: 'um inibidor potente do CYP1A2 (ciprofloxacino, fluvoxamina)',
    members: ['ciprofloxacino', 'fluvoxamina'],
  },
  inibidor_cyp2d6_forte: {
    label: 'um inibidor potente do CYP2D6 (fluoxetina, paroxetina, bupropiona)',
    members: ['bupropiona', 'fluoxetina', 'paroxetina'],
  },
  indutor_enzimatico: {
    label: 'um indutor enzimático potente',
    members: ['carbamazepina', 'fenitoína', 'fenobarbital', 'rifampicina'],
  },

  // Anti-infectives
  quinolona: {
    label: 'uma fluoroquinolona',
    members: ['ciprofloxacino', 'levofloxacino', 'moxifloxacino', 'norfloxacino'],
  },
  tetraciclina: { label: 'uma tetraciclina', members: ['doxiciclina', 'tetraciclina'] },
  nitroimidazol: {
    label: 'um nitroimidazol',
    members: ['metronidazol', 'secnidazol', 'tinidazol'],
  },
  carbapenemico: {
    label: 'um carbapenêmico',
    members: ['imipeném + cilastatina', 'meropeném'],
  },

  // Absorption, glucose, hormones
  sal_mineral_ou_antiacido: {
    label: 'um antiácido, sucralfato ou sal de cálcio, ferro, magnésio ou zinco',
    members: [
      'carbonato de cálcio',
      'ferripolimaltose',
      'hidróxido de alumínio',
      'hidróxido de magnésio',
      'sucralfato',
      'sulfato de zinco',
      'sulfato ferroso',
    ],
  },
  ibp: {
    label: 'um inibidor da bomba de prótons',
    members: [
      'dexlansoprazol',
      'esomeprazol',
      'lansoprazol',
      'omeprazol',
      'pantoprazol',
      'rabeprazol',
    ],
  },
  bisfosfonato: { label: 'um bisfosfonato oral', members: ['alendronato', 'risedronato'] },
  fibrato: { label: 'um fibrato', members: ['ciprofibrato', 'fenofibrato', 'genfibrozila'] },
  xantina: { label: 'uma xantina (aminofilina, teofilina)', members: ['aminofilina', 'teofilina'] },
  insulina: {
    label: 'uma insulina',
    members: [
      'insulina asparte',
      'insulina degludeca',
      'insulina detemir',
      'insulina glargina',
      'insulina lispro',
      'insulina nph',
      'insulina regular',
    ],
  },
  sulfonilureia: {
    label: 'uma sulfonilureia',
    members: ['glibenclamida', 'gliclazida', 'glimepirida'],
  },
  hipoglicemiante: {
    label: 'uma insulina ou sulfonilureia',
    members: [
      'glibenclamida',
      'gliclazida',
      'glimepirida',
      'insulina asparte',
      'insulina degludeca',
      'insulina detemir',
      'insulina glargina',
      'insulina lispro',
      'insulina nph',
      'insulina regular',
    ],
  },
  // Progestogen-only pills and combined methods; medroxiprogesterona injetável and the
  // intrauterine systems keep their effect with enzyme inducers (FSRH).
  contraceptivo_hormonal: {
    label: 'um contraceptivo hormonal',
    members: [
      'algestona acetofenida + enantato de estradiol',
      'ciproterona + etinilestradiol',
      'clormadinona + etinilestradiol',
      'desogestrel',
      'drospirenona + etinilestradiol',
      'enantato de noretisterona + valerato de estradiol',
      'gestodeno + etinilestradiol',
      'levonorgestrel',
      'noretisterona',
    ],
  },
  // Etinilestradiol has no entry of its own, so the combined pills are named whole.
  contraceptivo_combinado: {
    label: 'um contraceptivo hormonal combinado (com estrogênio)',
    members: [
      'algestona acetofenida + enantato de estradiol',
      'ciproterona + etinilestradiol',
      'clormadinona + etinilestradiol',
      'desogestrel + etinilestradiol',
      'drospirenona + etinilestradiol',
      'enantato de noretisterona + valerato de estradiol',
      'gestodeno + etinilestradiol',
      'levonorgestrel + etinilestradiol',
    ],
  },
};

export const INTERACTIONS: readonly InteractionRule[] = [
  // Anticoagulants: what adds bleeding, what raises or lowers their level.
  {
    a: '@anticoagulante',
    b: '@aine',
    severity: 'grave',
    message:
      'Risco aumentado de sangramento, sobretudo digestivo: evite a associação; se indispensável, use pelo menor tempo, proteja o estômago e monitore.',
    reference: STOCKLEY,
  },
  {
    a: '@anticoagulante',
    b: '@antiplaquetario',
    severity: 'grave',
    message:
      'Risco aumentado de sangramento: associe só com indicação definida (como stent recente), pelo menor tempo, com IBP e reavaliação periódica.',
    reference: EHRA + '; ' + STOCKLEY,
  },
  {
    a: '@anticoagulante',
    b: '@antidepressivo_serotoninergico',
    severity: 'moderado',
    message:
      'Risco aumentado de sangramento (o antidepressivo reduz a serotonina das plaquetas): monitore sinais de sangramento e, com varfarina, o INR.',
    reference: BEERS + '; ' + STOCKLEY,
  },
  {
    a: 'varfarina',
    b: '@antifungico_azolico',
    severity: 'grave',
    message:
      'Aumento importante do INR e sangramento, inclusive com miconazol gel oral: evite; se necessário, reduza a varfarina e monitore o INR em 3 a 5 dias.',
    reference: 'MHRA Drug Safety Update 2016 (miconazol e varfarina); ' + STOCKLEY,
  },
  {
    a: 'varfarina',
    b: '@macrolideo_cyp3a4',
    severity: 'grave',
    message:
      'Aumento do INR e sangramento: prefira azitromicina; se associar, monitore o INR em 3 a 5 dias e ao fim do antibiótico.',
    reference: BEERS,
  },
  {
    a: 'varfarina',
    b: 'azitromicina',
    severity: 'moderado',
    message: 'Relatos de aumento do INR: monitore o INR no início e ao fim do antibiótico.',
    reference: STOCKLEY,
  },
  {
    a: 'varfarina',
    b: '@nitroimidazol',
    severity: 'grave',
    message:
      'Aumento importante do INR (inibição do metabolismo da varfarina): evite; se indispensável, reduza a varfarina e monitore o INR.',
    reference: STOCKLEY,
  },
  {
    a: 'varfarina',
    b: 'sulfametoxazol + trimetoprima',
    severity: 'grave',
    message:
      'Aumento importante do INR e sangramento: prefira outro antibiótico; se indispensável, reduza a varfarina e monitore o INR em 3 a 5 dias.',
    reference: BEERS,
  },
  {
    a: 'varfarina',
    b: 'amiodarona',
    severity: 'grave',
    message:
      'Aumento do INR que se instala em semanas e dura meses: reduza a varfarina em 30 a 50% e monitore o INR semanalmente.',
    reference: BEERS,
  },
  {
    a: 'varfarina',
    b: '@quinolona',
    severity: 'grave',
    message: 'Aumento do INR e sangramento: monitore o INR em 3 a 5 dias e ao fim do antibiótico.',
    reference: BEERS + '; ' + STOCKLEY,
  },
  {
    a: 'varfarina',
    b: '@indutor_enzimatico',
    severity: 'grave',
    message:
      'Queda do INR e risco de trombose pela indução do metabolismo: ajuste a varfarina pelo INR ao iniciar e ao suspender o indutor.',
    reference: STOCKLEY,
  },
  {
    a: 'varfarina',
    b: 'tamoxifeno',
    severity: 'grave',
    message:
      'Aumento importante do INR, somado ao risco de trombose do tamoxifeno: evite; se indispensável, monitore o INR de perto.',
    reference: 'Bula do tamoxifeno (ANVISA)',
  },
  {
    a: 'varfarina',
    b: 'paracetamol',
    severity: 'moderado',
    message:
      'Uso regular acima de 2 g/dia pode elevar o INR: prefira doses ocasionais; se o uso for contínuo, monitore o INR.',
    reference: STOCKLEY,
  },
  {
    a: 'varfarina',
    b: '@fibrato',
    severity: 'moderado',
    message:
      'Aumento do INR: monitore o INR ao iniciar o fibrato e reduza a varfarina se necessário.',
    reference: STOCKLEY,
  },
  {
    a: 'varfarina',
    b: 'dissulfiram',
    severity: 'moderado',
    message: 'Aumento do INR: monitore o INR ao iniciar e ao suspender o dissulfiram.',
    reference: STOCKLEY,
  },
  {
    a: 'varfarina',
    b: 'azatioprina',
    severity: 'moderado',
    message:
      'A azatioprina reduz o efeito da varfarina: monitore o INR ao iniciar, mudar a dose ou suspender.',
    reference: STOCKLEY,
  },
  {
    a: 'varfarina',
    b: '@heparina',
    severity: 'moderado',
    message:
      'Associação só como ponte, até o INR ficar na faixa por 24 h (mínimo de 5 dias): monitore sangramento e o INR.',
    reference: 'CHEST Guidelines 2012 (Kearon et al.)',
  },
  {
    a: '@anticoagulante_oral_direto',
    b: 'varfarina',
    severity: 'grave',
    message:
      'Dois anticoagulantes orais: não associe; na troca, siga a transição da bula (suspenda a varfarina e inicie pelo INR).',
    reference: EHRA,
  },
  {
    a: '@anticoagulante_oral_direto',
    b: '@heparina',
    severity: 'grave',
    message:
      'Dois anticoagulantes: não associe; na troca, inicie um no horário em que seria a próxima dose do outro.',
    reference: EHRA,
  },
  {
    a: '@anticoagulante_oral_direto',
    b: '@indutor_enzimatico',
    severity: 'grave',
    message:
      'Queda dos níveis do anticoagulante e risco de AVC ou trombose: evite a associação; prefira varfarina com controle do INR.',
    reference: EHRA,
  },
  {
    a: '@inibidor_fator_xa',
    b: '@azolico_potente',
    severity: 'grave',
    message:
      'Níveis muito aumentados do anticoagulante (CYP3A4 e P-gp) e sangramento: não associe; troque o antifúngico ou o anticoagulante.',
    reference: 'Bulas da apixabana e da rivaroxabana (ANVISA); ' + EHRA,
  },
  {
    a: 'dabigatrana',
    b: '@azolico_potente',
    severity: 'contraindicado',
    message:
      'Níveis muito aumentados de dabigatrana (inibição da P-gp) e sangramento: contraindicado na bula; use outro antifúngico.',
    reference: 'Bula da dabigatrana (ANVISA)',
  },
  {
    a: 'dabigatrana',
    b: 'ciclosporina',
    severity: 'contraindicado',
    message:
      'Níveis muito aumentados de dabigatrana (inibição da P-gp) e sangramento: contraindicado na bula; escolha outro anticoagulante.',
    reference: 'Bula da dabigatrana (ANVISA)',
  },
  {
    a: 'dabigatrana',
    b: 'tacrolimo',
    severity: 'grave',
    message:
      'Aumento dos níveis de dabigatrana (P-gp) e sangramento: associação não recomendada; escolha outro anticoagulante.',
    reference: 'Bula da dabigatrana (ANVISA)',
  },
  {
    a: 'dabigatrana',
    b: 'verapamil',
    severity: 'moderado',
    message:
      'Aumento dos níveis de dabigatrana (P-gp): na fibrilação atrial, use 110 mg 2 vezes ao dia, tomados junto com o verapamil.',
    reference: 'Bula da dabigatrana (ANVISA)',
  },
  {
    a: 'dabigatrana',
    b: 'amiodarona',
    severity: 'moderado',
    message:
      'Aumento dos níveis de dabigatrana (P-gp): monitore sangramento e função renal, sobretudo com clearance reduzido.',
    reference: EHRA,
  },
  {
    a: 'dabigatrana',
    b: 'claritromicina',
    severity: 'moderado',
    message:
      'Aumento dos níveis de dabigatrana (P-gp): monitore sangramento, sobretudo em idosos e com função renal reduzida.',
    reference: EHRA,
  },

  // Antiplatelets: combinations and what weakens them.
  {
    a: 'ácido acetilsalicílico',
    b: 'clopidogrel',
    severity: 'moderado',
    message:
      'Dupla antiagregação aumenta o sangramento: confirme a indicação e a duração (síndrome coronariana, stent) e considere IBP.',
    reference: 'Atualização ESC 2017 sobre dupla antiagregação (Valgimigli et al.)',
  },
  {
    a: 'ácido acetilsalicílico',
    b: 'ticagrelor',
    severity: 'moderado',
    message:
      'Dupla antiagregação aumenta o sangramento, e AAS acima de 100 mg/dia reduz a eficácia do ticagrelor: use AAS de 75 a 100 mg e considere IBP.',
    reference: 'Bula do ticagrelor (ANVISA)',
  },
  {
    a: 'clopidogrel',
    b: 'ticagrelor',
    severity: 'grave',
    message:
      'Dois inibidores de P2Y12 somam sangramento sem benefício: não associe; na troca, siga o protocolo de transição.',
    reference: 'Consenso sobre troca de inibidores de P2Y12 (Angiolillo et al., Circulation 2017)',
  },
  {
    a: 'cilostazol',
    b: 'ácido acetilsalicílico',
    severity: 'moderado',
    message: 'Soma de efeitos antiplaquetários e mais sangramento: monitore sinais de sangramento.',
    reference: 'Bula do cilostazol (ANVISA)',
  },
  {
    a: 'cilostazol',
    b: 'clopidogrel',
    severity: 'moderado',
    message: 'Soma de efeitos antiplaquetários e mais sangramento: monitore sinais de sangramento.',
    reference: 'Bula do cilostazol (ANVISA)',
  },
  {
    a: 'cilostazol',
    b: '@inibidor_cyp3a4_forte',
    severity: 'moderado',
    message: 'Aumento dos níveis de cilostazol: reduza a dose para 50 mg 2 vezes ao dia.',
    reference: 'Bula do cilostazol (FDA)',
  },
  {
    a: 'cilostazol',
    b: 'omeprazol',
    severity: 'moderado',
    message:
      'O omeprazol aumenta os níveis de cilostazol (CYP2C19): reduza a dose para 50 mg 2 vezes ao dia.',
    reference: 'Bula do cilostazol (FDA)',
  },
  {
    a: 'ácido acetilsalicílico',
    b: '@aine',
    severity: 'moderado',
    message:
      'Mais sangramento digestivo, e ibuprofeno ou naproxeno reduzem a proteção cardíaca do AAS: evite uso contínuo; se preciso, tome o AAS antes e use IBP.',
    reference: 'FDA 2006 (ibuprofeno e ácido acetilsalicílico em baixa dose)',
  },
  {
    a: '@inibidor_p2y12',
    b: '@aine',
    severity: 'moderado',
    message:
      'Risco aumentado de sangramento digestivo: evite uso prolongado; se necessário, associe IBP (com clopidogrel, pantoprazol).',
    reference: STOCKLEY,
  },
  {
    a: '@antiplaquetario',
    b: '@antidepressivo_serotoninergico',
    severity: 'moderado',
    message:
      'Risco aumentado de sangramento, sobretudo digestivo: monitore; considere IBP em idosos ou com história de úlcera.',
    reference: STOCKLEY,
  },
  {
    a: 'clopidogrel',
    b: 'omeprazol',
    severity: 'moderado',
    message:
      'O omeprazol reduz a ativação do clopidogrel (CYP2C19) e seu efeito antiplaquetário: prefira pantoprazol.',
    reference: 'FDA Drug Safety Communication 2010 (clopidogrel)',
  },
  {
    a: 'clopidogrel',
    b: 'esomeprazol',
    severity: 'moderado',
    message:
      'O esomeprazol reduz a ativação do clopidogrel (CYP2C19) e seu efeito antiplaquetário: prefira pantoprazol.',
    reference: 'FDA Drug Safety Communication 2010 (clopidogrel)',
  },
  {
    a: 'ticagrelor',
    b: '@inibidor_cyp3a4_forte',
    severity: 'contraindicado',
    message:
      'Níveis muito aumentados de ticagrelor e sangramento: contraindicado na bula; troque o antimicrobiano ou o antiplaquetário.',
    reference: 'Bula do ticagrelor (ANVISA)',
  },
  {
    a: 'ticagrelor',
    b: '@indutor_enzimatico',
    severity: 'grave',
    message:
      'Queda dos níveis de ticagrelor e risco de trombose de stent: evite a associação; considere outro antiplaquetário.',
    reference: 'Bula do ticagrelor (ANVISA)',
  },
  {
    a: 'ticagrelor',
    b: 'sinvastatina',
    severity: 'moderado',
    message:
      'O ticagrelor aumenta os níveis de sinvastatina e o risco de miopatia: não ultrapasse 40 mg/dia de sinvastatina.',
    reference: 'Bula do ticagrelor (ANVISA)',
  },
  {
    a: 'dipirona',
    b: 'ácido acetilsalicílico',
    severity: 'moderado',
    message:
      'A dipirona pode reduzir o efeito antiplaquetário do AAS em baixa dose: use com cautela em quem toma AAS para prevenção; prefira paracetamol.',
    reference: 'Bula da dipirona (ANVISA)',
  },

  // Bleeding and ulcer without an anticoagulant.
  {
    a: '@antidepressivo_serotoninergico',
    b: '@aine',
    severity: 'moderado',
    message:
      'Mais sangramento digestivo: prefira paracetamol; se usar o AINE, associe IBP, sobretudo em idosos.',
    reference: STOCKLEY,
  },
  {
    a: '@corticoide_sistemico',
    b: '@aine',
    severity: 'moderado',
    message:
      'Risco aumentado de úlcera e sangramento digestivo: evite; se a associação for necessária, associe IBP.',
    reference: BEERS,
  },

  // QT prolongation and torsades de pointes.
  {
    a: '@prolonga_qt',
    b: '@prolonga_qt',
    severity: 'grave',
    message:
      'Soma de efeitos sobre o QT e risco de torsades de pointes: evite; se indispensável, faça ECG, corrija potássio e magnésio e monitore.',
    reference: CREDIBLEMEDS + '; ' + ONC,
  },
  {
    a: 'domperidona',
    b: '@prolonga_qt',
    severity: 'contraindicado',
    message:
      'Prolongamento do QT e arritmia grave: contraindicado na bula; suspenda a domperidona ou troque o outro medicamento.',
    reference: 'Bula da domperidona (ANVISA); EMA 2014 (domperidona)',
  },
  {
    a: 'domperidona',
    b: '@azolico_potente',
    severity: 'contraindicado',
    message:
      'Aumento dos níveis de domperidona e do QT: contraindicado na bula; suspenda a domperidona durante o antifúngico.',
    reference: 'Bula da domperidona (ANVISA); EMA 2014 (domperidona)',
  },
  {
    a: '@antiarritmico_qt',
    b: '@diuretico_tiazidico',
    severity: 'moderado',
    message:
      'Hipocalemia e hipomagnesemia aumentam o risco de torsades: monitore potássio e magnésio e corrija antes de iniciar.',
    reference: STOCKLEY,
  },
  {
    a: '@antiarritmico_qt',
    b: '@diuretico_alca',
    severity: 'moderado',
    message:
      'Hipocalemia e hipomagnesemia aumentam o risco de torsades: monitore potássio e magnésio e corrija antes de iniciar.',
    reference: STOCKLEY,
  },

  // Serotonin syndrome; the MAO inhibitors (rasagilina, and linezolida, an antibiotic with
  // MAO-inhibiting action).
  {
    a: '@antidepressivo_serotoninergico',
    b: '@opioide_serotoninergico',
    severity: 'grave',
    message:
      'Risco de síndrome serotoninérgica (e de convulsões com tramadol): evite; se necessário, use a menor dose e oriente sobre agitação, tremor e febre.',
    reference: FDA_OPIOIDS_SEROTONIN,
  },
  {
    a: '@antidepressivo_serotoninergico',
    b: '@triptano',
    severity: 'moderado',
    message:
      'Risco raro de síndrome serotoninérgica: a associação é aceitável, mas oriente sobre agitação, tremor, febre e diarreia.',
    reference: 'FDA Public Health Advisory 2006 (triptanos e ISRS/IRSN)',
  },
  {
    a: '@antidepressivo_serotoninergico',
    b: 'linezolida',
    severity: 'grave',
    message:
      'A linezolida inibe a MAO: risco de síndrome serotoninérgica; evite, ou suspenda o antidepressivo e monitore por 2 semanas (5 com fluoxetina).',
    reference: 'FDA Drug Safety Communication 2011 (linezolida)',
  },
  {
    a: '@antidepressivo_serotoninergico',
    b: 'rasagilina',
    severity: 'grave',
    message:
      'Risco de síndrome serotoninérgica com o inibidor da MAO-B: evite; após suspender a fluoxetina, aguarde 5 semanas.',
    reference: 'Bula da rasagilina (FDA); ' + ONC,
  },
  {
    a: '@antidepressivo_serotoninergico',
    b: '@triciclico',
    severity: 'moderado',
    message:
      'Síndrome serotoninérgica e toxicidade do tricíclico (fluoxetina e paroxetina elevam seus níveis): use dose baixa do tricíclico e monitore.',
    reference: STOCKLEY,
  },
  {
    a: '@antidepressivo_serotoninergico',
    b: 'trazodona',
    severity: 'moderado',
    message:
      'Risco de síndrome serotoninérgica: use a menor dose de trazodona e oriente sobre agitação, tremor e febre.',
    reference: STOCKLEY,
  },
  {
    a: '@antidepressivo_serotoninergico',
    b: 'mirtazapina',
    severity: 'moderado',
    message:
      'Risco de síndrome serotoninérgica: associação usada na prática, mas oriente sobre agitação, tremor e febre.',
    reference: STOCKLEY,
  },
  {
    a: '@antidepressivo_serotoninergico',
    b: 'carbonato de lítio',
    severity: 'moderado',
    message:
      'Risco de síndrome serotoninérgica e de neurotoxicidade: monitore sinais clínicos e a litemia.',
    reference: STOCKLEY,
  },
  {
    a: '@antidepressivo_serotoninergico',
    b: 'buspirona',
    severity: 'moderado',
    message:
      'Risco de síndrome serotoninérgica: associação aceitável, mas oriente sobre agitação, tremor e febre.',
    reference: STOCKLEY,
  },
  {
    a: '@antidepressivo_serotoninergico',
    b: 'ondansetrona',
    severity: 'moderado',
    message:
      'Risco raro de síndrome serotoninérgica: monitore agitação, tremor e febre, sobretudo com doses repetidas.',
    reference: 'Bula da ondansetrona (FDA)',
  },
  {
    a: '@antidepressivo_serotoninergico',
    b: 'sibutramina',
    severity: 'contraindicado',
    message:
      'Risco de síndrome serotoninérgica: a bula da sibutramina contraindica o uso com antidepressivos; não associe.',
    reference: 'Bula da sibutramina (ANVISA)',
  },
  {
    a: '@opioide_serotoninergico',
    b: 'sibutramina',
    severity: 'grave',
    message: 'Risco de síndrome serotoninérgica: evite a associação.',
    reference: 'Bula da sibutramina (ANVISA)',
  },
  {
    a: '@opioide_serotoninergico',
    b: '@triptano',
    severity: 'moderado',
    message:
      'Risco de síndrome serotoninérgica: oriente sobre agitação, tremor e febre e evite doses repetidas do triptano.',
    reference: FDA_OPIOIDS_SEROTONIN,
  },
  {
    a: '@opioide_serotoninergico',
    b: 'linezolida',
    severity: 'grave',
    message:
      'A linezolida inibe a MAO: risco de síndrome serotoninérgica; prefira morfina ou outro antibiótico.',
    reference: FDA_OPIOIDS_SEROTONIN,
  },
  {
    a: 'linezolida',
    b: 'bupropiona',
    severity: 'contraindicado',
    message:
      'A linezolida inibe a MAO: risco de crise hipertensiva; a bula da bupropiona contraindica a associação.',
    reference: 'Bula da bupropiona (FDA)',
  },
  {
    a: 'linezolida',
    b: '@simpaticomimetico',
    severity: 'grave',
    message:
      'A linezolida inibe a MAO: risco de crise hipertensiva com simpaticomiméticos; evite e monitore a pressão.',
    reference: 'Bula da linezolida (FDA)',
  },
  {
    a: 'rasagilina',
    b: 'petidina',
    severity: 'contraindicado',
    message:
      'Reação grave (síndrome serotoninérgica, agitação, hipertermia) com inibidor da MAO: contraindicado; use outro analgésico.',
    reference: 'Bula da rasagilina (FDA); ' + ONC,
  },
  {
    a: 'rasagilina',
    b: 'tramadol',
    severity: 'contraindicado',
    message:
      'Risco de síndrome serotoninérgica com inibidor da MAO: contraindicado; use outro analgésico.',
    reference: 'Bula da rasagilina (FDA); ' + ONC,
  },
  {
    a: 'rasagilina',
    b: 'metadona',
    severity: 'contraindicado',
    message:
      'Risco de síndrome serotoninérgica com inibidor da MAO: contraindicado; use outro opioide.',
    reference: 'Bula da rasagilina (FDA); ' + ONC,
  },
  {
    a: 'rasagilina',
    b: 'ciclobenzaprina',
    severity: 'contraindicado',
    message:
      'A ciclobenzaprina é tricíclica: risco de reação grave com inibidor da MAO; contraindicado, use outro relaxante.',
    reference: 'Bula da rasagilina (FDA)',
  },
  {
    a: 'rasagilina',
    b: 'bupropiona',
    severity: 'contraindicado',
    message:
      'Risco de crise hipertensiva com inibidor da MAO: contraindicado; aguarde 14 dias entre um e outro.',
    reference: 'Bula da bupropiona (ANVISA)',
  },
  {
    a: 'rasagilina',
    b: '@simpaticomimetico',
    severity: 'contraindicado',
    message:
      'Risco de crise hipertensiva com inibidor da MAO: contraindicado nas bulas dos simpaticomiméticos; não associe.',
    reference: ONC + '; bulas dos simpaticomiméticos (ANVISA)',
  },
  {
    a: 'rasagilina',
    b: 'ciprofloxacino',
    severity: 'moderado',
    message:
      'O ciprofloxacino dobra os níveis de rasagilina (CYP1A2): não ultrapasse 0,5 mg/dia durante o tratamento.',
    reference: 'Bula da rasagilina (FDA)',
  },
  {
    a: 'tramadol',
    b: 'bupropiona',
    severity: 'grave',
    message:
      'Risco de convulsões (ambos reduzem o limiar) e menos analgesia (CYP2D6): evite; prefira outro analgésico.',
    reference: STOCKLEY,
  },

  // Sedation and respiratory depression.
  {
    a: '@opioide',
    b: '@benzodiazepinico',
    severity: 'grave',
    message:
      'Sedação profunda, depressão respiratória e morte: evite; se indispensável, use as menores doses pelo menor tempo e oriente a família.',
    reference: FDA_OPIOIDS_SEDATIVES,
  },
  {
    a: '@opioide',
    b: 'zolpidem',
    severity: 'grave',
    message:
      'Sedação profunda e depressão respiratória: evite; se indispensável, use as menores doses e oriente sobre sonolência.',
    reference: FDA_OPIOIDS_SEDATIVES,
  },
  {
    a: '@opioide',
    b: '@gabapentinoide',
    severity: 'grave',
    message:
      'Depressão respiratória, sobretudo em idosos e com doença pulmonar: evite; se necessário, inicie com dose baixa e monitore.',
    reference: FDA_GABAPENTINOIDS + '; ' + BEERS,
  },
  {
    a: '@opioide',
    b: 'fenobarbital',
    severity: 'grave',
    message:
      'Sedação profunda e depressão respiratória: evite; se indispensável, use as menores doses e monitore.',
    reference: FDA_OPIOIDS_SEDATIVES,
  },
  {
    a: '@opioide',
    b: '@relaxante_muscular',
    severity: 'moderado',
    message:
      'Soma de sedação, quedas e depressão respiratória: use as menores doses e oriente sobre sonolência.',
    reference: STOCKLEY,
  },
  {
    a: '@opioide',
    b: 'naltrexona',
    severity: 'contraindicado',
    message:
      'A naltrexona bloqueia o opioide e precipita abstinência: contraindicado; suspenda o opioide 7 a 10 dias antes.',
    reference: 'Bula da naltrexona (ANVISA)',
  },
  {
    a: '@benzodiazepinico',
    b: '@gabapentinoide',
    severity: 'moderado',
    message:
      'Soma de sedação, quedas e depressão respiratória: use doses baixas e monitore, sobretudo em idosos.',
    reference: FDA_GABAPENTINOIDS,
  },
  {
    a: '@benzodiazepinico',
    b: 'zolpidem',
    severity: 'moderado',
    message: 'Dois sedativos hipnóticos somam sedação, quedas e confusão: mantenha apenas um.',
    reference: BEERS,
  },
  {
    a: 'clozapina',
    b: '@benzodiazepinico',
    severity: 'moderado',
    message:
      'Relatos de colapso cardiorrespiratório, sobretudo no início da clozapina: evite benzodiazepínico injetável e monitore.',
    reference: 'Bula da clozapina (ANVISA)',
  },
  {
    a: '@opioide_cyp3a4',
    b: '@inibidor_cyp3a4_forte',
    severity: 'grave',
    message:
      'Aumento dos níveis do opioide e depressão respiratória: evite; se necessário, reduza a dose e monitore.',
    reference: 'Bulas da fentanila e da oxicodona (FDA)',
  },
  {
    a: 'metadona',
    b: '@indutor_enzimatico',
    severity: 'moderado',
    message:
      'Queda dos níveis de metadona e síndrome de abstinência: ajuste a dose pela clínica ao iniciar e ao suspender o indutor.',
    reference: STOCKLEY,
  },
  {
    a: '@inibidor_cyp2d6_forte',
    b: 'codeína',
    severity: 'moderado',
    message:
      'Menos analgesia: a codeína não é convertida em morfina (inibição do CYP2D6); prefira outro analgésico.',
    reference: STOCKLEY,
  },

  // Strong and moderate CYP3A4 inhibitors: statins, colchicine, sedatives, immunosuppressants.
  {
    a: 'sinvastatina',
    b: '@inibidor_cyp3a4_forte',
    severity: 'contraindicado',
    message:
      'Rabdomiólise pelo aumento dos níveis de sinvastatina: contraindicado; suspenda a sinvastatina durante o tratamento ou troque a estatina.',
    reference: FDA_SIMVASTATIN,
  },
  {
    a: 'sinvastatina',
    b: 'eritromicina',
    severity: 'contraindicado',
    message:
      'Rabdomiólise pelo aumento dos níveis de sinvastatina: contraindicado; suspenda a sinvastatina ou use azitromicina.',
    reference: FDA_SIMVASTATIN,
  },
  {
    a: 'sinvastatina',
    b: 'genfibrozila',
    severity: 'contraindicado',
    message: 'Rabdomiólise: contraindicado; se precisar de um fibrato, use fenofibrato.',
    reference: FDA_SIMVASTATIN,
  },
  {
    a: 'sinvastatina',
    b: 'ciclosporina',
    severity: 'contraindicado',
    message:
      'Rabdomiólise pelo aumento dos níveis de sinvastatina: contraindicado; use pravastatina ou rosuvastatina em dose baixa.',
    reference: FDA_SIMVASTATIN,
  },
  {
    a: 'sinvastatina',
    b: '@bcc_nao_diidropiridinico',
    severity: 'grave',
    message:
      'Risco de miopatia: não ultrapasse 10 mg/dia de sinvastatina ou troque por rosuvastatina ou pravastatina.',
    reference: FDA_SIMVASTATIN_DOSES,
  },
  {
    a: 'sinvastatina',
    b: 'amiodarona',
    severity: 'grave',
    message:
      'Risco de miopatia: não ultrapasse 20 mg/dia de sinvastatina ou troque por rosuvastatina ou pravastatina.',
    reference: FDA_SIMVASTATIN_DOSES,
  },
  {
    a: 'sinvastatina',
    b: 'anlodipino',
    severity: 'moderado',
    message: 'Risco de miopatia: não ultrapasse 20 mg/dia de sinvastatina.',
    reference: FDA_SIMVASTATIN_DOSES,
  },
  {
    a: 'sinvastatina',
    b: 'fluconazol',
    severity: 'moderado',
    message:
      'Risco de miopatia pela inibição do CYP3A4: use a menor dose de sinvastatina ou suspenda durante o antifúngico.',
    reference: STOCKLEY,
  },
  {
    a: 'atorvastatina',
    b: '@inibidor_cyp3a4_forte',
    severity: 'grave',
    message:
      'Risco de miopatia pelo aumento da atorvastatina: não ultrapasse 20 mg/dia ou suspenda durante o tratamento.',
    reference: 'Bula da atorvastatina (FDA)',
  },
  {
    a: 'atorvastatina',
    b: 'ciclosporina',
    severity: 'grave',
    message:
      'Aumento importante da atorvastatina e miopatia: evite; se precisar de estatina, use pravastatina ou rosuvastatina em dose baixa.',
    reference: 'Bula da atorvastatina (FDA)',
  },
  {
    a: 'atorvastatina',
    b: 'genfibrozila',
    severity: 'grave',
    message: 'Risco de miopatia e rabdomiólise: evite; se precisar de um fibrato, use fenofibrato.',
    reference: 'Bula da atorvastatina (FDA)',
  },
  {
    a: 'rosuvastatina',
    b: 'genfibrozila',
    severity: 'grave',
    message:
      'Risco de miopatia: evite; se indispensável, não ultrapasse 10 mg/dia de rosuvastatina (ou troque por fenofibrato).',
    reference: 'Bula da rosuvastatina (FDA)',
  },
  {
    a: 'pravastatina',
    b: 'genfibrozila',
    severity: 'grave',
    message: 'Risco de miopatia e rabdomiólise: evite; se precisar de um fibrato, use fenofibrato.',
    reference: 'Bula da pravastatina (FDA)',
  },
  {
    a: 'rosuvastatina',
    b: 'ciclosporina',
    severity: 'grave',
    message:
      'A ciclosporina aumenta muito a rosuvastatina: não ultrapasse 5 mg/dia e oriente sobre dor muscular.',
    reference: 'Bula da rosuvastatina (FDA)',
  },
  {
    a: 'pravastatina',
    b: 'ciclosporina',
    severity: 'moderado',
    message: 'A ciclosporina aumenta a pravastatina: inicie com 10 mg e não ultrapasse 20 mg/dia.',
    reference: 'Bula da pravastatina (FDA)',
  },
  {
    a: 'ciprofibrato',
    b: 'sinvastatina',
    severity: 'moderado',
    message:
      'Risco aumentado de miopatia com fibrato e estatina: use doses baixas e oriente sobre dor muscular; prefira fenofibrato.',
    reference: 'Bula do ciprofibrato (ANVISA)',
  },
  {
    a: 'ciprofibrato',
    b: 'atorvastatina',
    severity: 'moderado',
    message:
      'Risco aumentado de miopatia com fibrato e estatina: use doses baixas e oriente sobre dor muscular; prefira fenofibrato.',
    reference: 'Bula do ciprofibrato (ANVISA)',
  },
  {
    a: 'ciprofibrato',
    b: 'rosuvastatina',
    severity: 'moderado',
    message:
      'Risco aumentado de miopatia com fibrato e estatina: use doses baixas e oriente sobre dor muscular; prefira fenofibrato.',
    reference: 'Bula do ciprofibrato (ANVISA)',
  },
  {
    a: 'colchicina',
    b: '@inibidor_cyp3a4_forte',
    severity: 'grave',
    message:
      'Toxicidade grave da colchicina: evite; se indispensável, reduza a dose; contraindicado com insuficiência renal ou hepática.',
    reference: 'Bula da colchicina (FDA)',
  },
  {
    a: 'colchicina',
    b: '@inibidor_cyp3a4_moderado',
    severity: 'moderado',
    message:
      'Aumento dos níveis de colchicina: reduza a dose e monitore diarreia, dor muscular e hemograma.',
    reference: 'Bula da colchicina (FDA)',
  },
  {
    a: 'colchicina',
    b: 'ciclosporina',
    severity: 'grave',
    message:
      'Toxicidade da colchicina (P-gp) e miopatia: evite; se necessário, reduza a dose; contraindicado com insuficiência renal ou hepática.',
    reference: 'Bula da colchicina (FDA)',
  },
  {
    a: 'midazolam',
    b: '@inibidor_cyp3a4_forte',
    severity: 'grave',
    message:
      'Sedação prolongada e depressão respiratória: evite midazolam oral; por via venosa, reduza a dose e monitore.',
    reference: 'Bula do midazolam (ANVISA)',
  },
  {
    a: 'midazolam',
    b: '@inibidor_cyp3a4_moderado',
    severity: 'moderado',
    message: 'Aumento dos níveis de midazolam e sedação prolongada: reduza a dose e monitore.',
    reference: 'Bula do midazolam (ANVISA)',
  },
  {
    a: 'alprazolam',
    b: '@azolico_potente',
    severity: 'contraindicado',
    message:
      'Aumento importante do alprazolam e sedação excessiva: contraindicado na bula; prefira lorazepam.',
    reference: 'Bula do alprazolam (FDA)',
  },
  {
    a: 'alprazolam',
    b: 'fluvoxamina',
    severity: 'moderado',
    message:
      'A fluvoxamina dobra os níveis de alprazolam: reduza a dose do alprazolam pela metade.',
    reference: 'Bula da fluvoxamina (FDA)',
  },
  {
    a: '@inibidor_calcineurina',
    b: '@inibidor_cyp3a4_forte',
    severity: 'grave',
    message:
      'Aumento importante do imunossupressor e nefrotoxicidade: evite; se indispensável, reduza a dose e dose o nível sérico.',
    reference: STOCKLEY,
  },
  {
    a: '@inibidor_calcineurina',
    b: '@inibidor_cyp3a4_moderado',
    severity: 'moderado',
    message:
      'Aumento dos níveis do imunossupressor: dose o nível sérico e a creatinina ao iniciar e ao suspender.',
    reference: STOCKLEY,
  },
  {
    a: '@inibidor_calcineurina',
    b: '@indutor_enzimatico',
    severity: 'grave',
    message:
      'Queda dos níveis do imunossupressor e risco de rejeição: evite; se necessário, aumente a dose guiada pelo nível sérico.',
    reference: STOCKLEY,
  },
  {
    a: '@inibidor_calcineurina',
    b: '@aine',
    severity: 'moderado',
    message:
      'Nefrotoxicidade somada: evite o AINE; se necessário, use pelo menor tempo e monitore a creatinina.',
    reference: STOCKLEY,
  },
  {
    a: '@inibidor_calcineurina',
    b: '@poupador_potassio',
    severity: 'grave',
    message: 'Risco de hipercalemia: evite; se necessário, monitore potássio e creatinina.',
    reference: STOCKLEY,
  },
  {
    a: 'ciclosporina',
    b: 'dipirona',
    severity: 'moderado',
    message:
      'A dipirona pode reduzir os níveis de ciclosporina: dose o nível sérico se a associação for mantida.',
    reference: 'Bula da dipirona (ANVISA)',
  },
  {
    a: '@inibidor_pde5',
    b: '@inibidor_cyp3a4_forte',
    severity: 'grave',
    message:
      'Níveis muito aumentados (hipotensão, priapismo): use a menor dose (sildenafila 25 mg; tadalafila 10 mg a cada 72 h) ou evite.',
    reference: 'Bulas da sildenafila e da tadalafila (ANVISA)',
  },
  {
    a: 'ivabradina',
    b: '@inibidor_cyp3a4_forte',
    severity: 'contraindicado',
    message:
      'Bradicardia grave pelo aumento dos níveis de ivabradina: contraindicado na bula; não associe.',
    reference: 'Bula da ivabradina (ANVISA)',
  },
  {
    a: 'ivabradina',
    b: 'eritromicina',
    severity: 'contraindicado',
    message:
      'Bradicardia grave pelo aumento dos níveis de ivabradina: contraindicado na bula; use outro antibiótico.',
    reference: 'Bula da ivabradina (ANVISA)',
  },
  {
    a: 'ivabradina',
    b: '@bcc_nao_diidropiridinico',
    severity: 'contraindicado',
    message:
      'Bradicardia grave (níveis maiores de ivabradina e efeito somado): contraindicado na bula; use outro controle da frequência.',
    reference: 'Bula da ivabradina (ANVISA)',
  },
  {
    a: 'ivabradina',
    b: 'fluconazol',
    severity: 'moderado',
    message:
      'Aumento dos níveis de ivabradina: inicie com 2,5 mg 2 vezes ao dia e monitore a frequência cardíaca.',
    reference: 'Bula da ivabradina (ANVISA)',
  },
  {
    a: 'quetiapina',
    b: '@inibidor_cyp3a4_forte',
    severity: 'grave',
    message:
      'Aumento de até 6 vezes da quetiapina (sedação, hipotensão, QT): evite; se necessário, reduza a dose a um sexto.',
    reference: 'Bula da quetiapina (FDA)',
  },
  {
    a: 'quetiapina',
    b: '@indutor_enzimatico',
    severity: 'moderado',
    message:
      'Queda importante dos níveis de quetiapina: pode ser preciso aumentar a dose em até 5 vezes; reajuste ao suspender o indutor.',
    reference: 'Bula da quetiapina (FDA)',
  },
  {
    a: 'lurasidona',
    b: '@inibidor_cyp3a4_forte',
    severity: 'contraindicado',
    message:
      'Aumento de várias vezes dos níveis de lurasidona: contraindicado na bula; troque o antimicrobiano ou o antipsicótico.',
    reference: 'Bula da lurasidona (ANVISA)',
  },
  {
    a: 'lurasidona',
    b: '@indutor_enzimatico',
    severity: 'contraindicado',
    message:
      'Queda acentuada dos níveis de lurasidona e perda de efeito: contraindicado na bula; escolha outro antipsicótico.',
    reference: 'Bula da lurasidona (ANVISA)',
  },
  {
    a: 'lurasidona',
    b: '@inibidor_cyp3a4_moderado',
    severity: 'moderado',
    message: 'Aumento dos níveis de lurasidona: inicie com 20 mg e não ultrapasse 80 mg/dia.',
    reference: 'Bula da lurasidona (ANVISA)',
  },
  {
    a: 'aripiprazol',
    b: '@inibidor_cyp3a4_forte',
    severity: 'moderado',
    message: 'Aumento dos níveis de aripiprazol: reduza a dose pela metade.',
    reference: 'Bula do aripiprazol (ANVISA)',
  },
  {
    a: 'aripiprazol',
    b: '@inibidor_cyp2d6_forte',
    severity: 'moderado',
    message: 'Aumento dos níveis de aripiprazol (CYP2D6): reduza a dose pela metade.',
    reference: 'Bula do aripiprazol (ANVISA)',
  },
  {
    a: 'metilergometrina',
    b: '@inibidor_cyp3a4_forte',
    severity: 'contraindicado',
    message:
      'Ergotismo (vasoespasmo e isquemia grave): contraindicado; use outro uterotônico ou outro antimicrobiano.',
    reference: ONC,
  },
  {
    a: 'metilergometrina',
    b: '@triptano',
    severity: 'contraindicado',
    message:
      'Vasoconstrição somada e risco de isquemia: contraindicado; respeite 24 h entre um e outro.',
    reference: 'Bulas dos triptanos (ANVISA)',
  },
  {
    a: 'tansulosina',
    b: '@inibidor_cyp3a4_forte',
    severity: 'moderado',
    message:
      'Aumento dos níveis de tansulosina e hipotensão: evite; se necessário, suspenda a tansulosina durante o tratamento.',
    reference: 'Bula da tansulosina (FDA)',
  },
  {
    a: '@bloqueador_canal_calcio',
    b: '@macrolideo_cyp3a4',
    severity: 'moderado',
    message:
      'Hipotensão e lesão renal aguda em idosos (inibição do CYP3A4): prefira azitromicina ou monitore a pressão.',
    reference: 'Gandhi et al., JAMA 2013',
  },
  {
    a: 'carbamazepina',
    b: '@macrolideo_cyp3a4',
    severity: 'grave',
    message:
      'Toxicidade da carbamazepina (tontura, ataxia, diplopia): prefira azitromicina; se indispensável, dose o nível sérico.',
    reference: STOCKLEY,
  },
  {
    a: '@azolico_potente',
    b: '@indutor_enzimatico',
    severity: 'grave',
    message:
      'Queda acentuada dos níveis do antifúngico e falha do tratamento: evite; escolha outro antifúngico.',
    reference: 'Bula do itraconazol (ANVISA)',
  },
  {
    a: 'itraconazol',
    b: '@ibp',
    severity: 'moderado',
    message:
      'Menor absorção da cápsula de itraconazol, que precisa de acidez: tome com refeição e acompanhe a resposta clínica.',
    reference: 'Bula do itraconazol (ANVISA)',
  },
  {
    a: 'praziquantel',
    b: 'rifampicina',
    severity: 'contraindicado',
    message:
      'A rifampicina reduz o praziquantel a níveis ineficazes: contraindicado; suspenda a rifampicina 4 semanas antes, se possível.',
    reference: 'Bula do praziquantel (FDA)',
  },
  {
    a: 'praziquantel',
    b: '@anticonvulsivante_indutor',
    severity: 'moderado',
    message:
      'Níveis de praziquantel muito reduzidos (falha na neurocisticercose): considere dose maior ou outro anticonvulsivante.',
    reference: STOCKLEY,
  },

  // CYP1A2: ciprofloxacino and fluvoxamina raise what it clears.
  {
    a: 'tizanidina',
    b: '@inibidor_cyp1a2_forte',
    severity: 'contraindicado',
    message:
      'Aumento de até 10 vezes da tizanidina (hipotensão e sedação graves): contraindicado; use outro relaxante ou antimicrobiano.',
    reference: ONC + '; bula da tizanidina (ANVISA)',
  },
  {
    a: 'agomelatina',
    b: '@inibidor_cyp1a2_forte',
    severity: 'contraindicado',
    message:
      'Aumento importante dos níveis de agomelatina: contraindicado na bula; escolha outro antidepressivo ou antimicrobiano.',
    reference: 'Bula da agomelatina (ANVISA)',
  },
  {
    a: 'duloxetina',
    b: '@inibidor_cyp1a2_forte',
    severity: 'contraindicado',
    message:
      'Aumento importante dos níveis de duloxetina: contraindicado na bula; escolha outro antidepressivo ou antimicrobiano.',
    reference: 'Bula da duloxetina (EMA)',
  },
  {
    a: '@xantina',
    b: '@inibidor_cyp1a2_forte',
    severity: 'grave',
    message:
      'Toxicidade da teofilina (náuseas, arritmia, convulsões): evite; se necessário, reduza a dose e dose o nível sérico.',
    reference: BEERS + '; bula da fluvoxamina (FDA)',
  },
  {
    a: 'clozapina',
    b: '@inibidor_cyp1a2_forte',
    severity: 'grave',
    message:
      'Aumento importante da clozapina (sedação, convulsões, hipotensão): evite; se necessário, reduza a dose e dose o nível sérico.',
    reference: 'Bula da clozapina (ANVISA)',
  },
  {
    a: 'olanzapina',
    b: 'fluvoxamina',
    severity: 'moderado',
    message: 'A fluvoxamina aumenta os níveis de olanzapina: use doses menores e monitore sedação.',
    reference: 'Bula da olanzapina (ANVISA)',
  },
  {
    a: '@xantina',
    b: '@macrolideo_cyp3a4',
    severity: 'moderado',
    message:
      'Aumento dos níveis de teofilina: monitore náuseas, taquicardia e, se possível, o nível sérico.',
    reference: STOCKLEY,
  },
  {
    a: '@xantina',
    b: '@indutor_enzimatico',
    severity: 'moderado',
    message:
      'Queda dos níveis de teofilina e perda de controle da doença: ajuste a dose pelo nível sérico.',
    reference: STOCKLEY,
  },
  {
    a: 'adenosina',
    b: '@xantina',
    severity: 'moderado',
    message:
      'As xantinas antagonizam a adenosina: o efeito pode ser menor; considere dose maior ou outra opção.',
    reference: 'Bula da adenosina (ANVISA)',
  },

  // CYP2D6: fluoxetina, paroxetina and bupropiona.
  {
    a: 'tamoxifeno',
    b: '@inibidor_cyp2d6_forte',
    severity: 'grave',
    message:
      'Menor conversão do tamoxifeno em endoxifeno e possível perda de eficácia: evite; prefira venlafaxina ou escitalopram.',
    reference: 'Kelly et al., BMJ 2010 (paroxetina e tamoxifeno)',
  },
  {
    a: 'metoprolol',
    b: '@inibidor_cyp2d6_forte',
    severity: 'moderado',
    message:
      'Aumento dos níveis de metoprolol (bradicardia, hipotensão): monitore a frequência cardíaca ou troque por bisoprolol.',
    reference: STOCKLEY,
  },
  {
    a: 'propafenona',
    b: '@inibidor_cyp2d6_forte',
    severity: 'moderado',
    message:
      'Aumento dos níveis de propafenona e risco de arritmia: monitore o ECG ou escolha outro antidepressivo.',
    reference: STOCKLEY,
  },
  {
    a: 'bupropiona',
    b: '@triciclico',
    severity: 'moderado',
    message:
      'Aumento dos níveis do tricíclico e menor limiar convulsivo: use dose baixa do tricíclico e monitore.',
    reference: 'Bula da bupropiona (ANVISA)',
  },

  // Enzyme inducers, antiepileptics and hormonal contraception.
  {
    a: '@indutor_enzimatico',
    b: '@contraceptivo_hormonal',
    severity: 'grave',
    message:
      'Falha contraceptiva pela indução do metabolismo: prefira DIU ou medroxiprogesterona injetável, até 28 dias após suspender o indutor.',
    reference: FSRH,
  },
  {
    a: 'oxcarbazepina',
    b: '@contraceptivo_hormonal',
    severity: 'grave',
    message:
      'Falha contraceptiva pela indução do metabolismo: prefira DIU ou medroxiprogesterona injetável, até 28 dias após suspender a oxcarbazepina.',
    reference: FSRH,
  },
  {
    a: 'topiramato',
    b: '@contraceptivo_hormonal',
    severity: 'moderado',
    message:
      'Acima de 200 mg/dia, o topiramato reduz a eficácia contraceptiva: nessas doses, prefira DIU ou medroxiprogesterona injetável.',
    reference: FSRH,
  },
  {
    a: 'lamotrigina',
    b: '@contraceptivo_combinado',
    severity: 'moderado',
    message:
      'O estrogênio reduz os níveis de lamotrigina (risco de crises) e a pausa os eleva: monitore e ajuste a dose; prefira uso contínuo.',
    reference: 'Bula da lamotrigina (ANVISA); ' + FSRH,
  },
  {
    a: 'lamotrigina',
    b: '@anticonvulsivante_indutor',
    severity: 'moderado',
    message:
      'Os níveis de lamotrigina caem pela metade: siga o esquema de titulação com indutores da bula.',
    reference: 'Bula da lamotrigina (ANVISA)',
  },
  {
    a: '@valproato',
    b: 'lamotrigina',
    severity: 'grave',
    message:
      'O valproato dobra os níveis de lamotrigina (risco de Stevens-Johnson): siga a titulação da bula para uso com valproato, com cerca de metade da dose.',
    reference: 'Bula da lamotrigina (ANVISA)',
  },
  {
    a: '@valproato',
    b: '@carbapenemico',
    severity: 'grave',
    message:
      'Queda rápida e acentuada do valproato, com risco de crises: evite; use outro antibiótico ou outro anticonvulsivante.',
    reference: 'Bula do divalproato de sódio (FDA)',
  },
  {
    a: '@valproato',
    b: 'topiramato',
    severity: 'moderado',
    message:
      'Risco de hiperamonemia e encefalopatia: dose a amônia se houver sonolência, vômitos ou confusão.',
    reference: 'Bula do topiramato (ANVISA)',
  },
  {
    a: '@valproato',
    b: '@anticonvulsivante_indutor',
    severity: 'moderado',
    message:
      'Interação recíproca: queda do valproato e, com fenobarbital, sedação pelo aumento deste; dose os níveis séricos.',
    reference: STOCKLEY,
  },
  {
    a: 'carbamazepina',
    b: 'isoniazida',
    severity: 'moderado',
    message:
      'Toxicidade da carbamazepina e mais hepatotoxicidade da isoniazida: dose o nível sérico e monitore as enzimas hepáticas.',
    reference: STOCKLEY,
  },
  {
    a: 'fenitoína',
    b: 'sulfametoxazol + trimetoprima',
    severity: 'moderado',
    message:
      'Aumento dos níveis de fenitoína (ataxia, nistagmo): prefira outro antibiótico ou dose o nível sérico.',
    reference: BEERS,
  },
  {
    a: 'fenitoína',
    b: 'fluconazol',
    severity: 'moderado',
    message:
      'Aumento dos níveis de fenitoína (ataxia, nistagmo): dose o nível sérico e ajuste a dose.',
    reference: STOCKLEY,
  },
  {
    a: 'levotiroxina',
    b: '@indutor_enzimatico',
    severity: 'moderado',
    message:
      'Aumento do metabolismo da levotiroxina: dose o TSH 4 a 6 semanas após iniciar ou suspender o indutor.',
    reference: STOCKLEY,
  },
  {
    a: 'clozapina',
    b: 'carbamazepina',
    severity: 'grave',
    message:
      'Soma de riscos de agranulocitose e queda dos níveis de clozapina: não associe; escolha outro anticonvulsivante.',
    reference: 'Bula da clozapina (ANVISA)',
  },

  // Renin–angiotensin system, potassium and the kidney.
  {
    a: '@ieca',
    b: '@bra',
    severity: 'grave',
    message:
      'Duplo bloqueio do sistema renina-angiotensina: mais hipercalemia, hipotensão e lesão renal, sem benefício; não associe.',
    reference: 'EMA 2014 (duplo bloqueio do SRA); ONTARGET (NEJM 2008)',
  },
  {
    a: '@ieca',
    b: 'sacubitril + valsartana',
    severity: 'contraindicado',
    message:
      'Risco de angioedema: contraindicado; suspenda o IECA 36 h antes de iniciar sacubitril + valsartana.',
    reference: 'Bula do sacubitril + valsartana (ANVISA)',
  },
  {
    a: '@poupador_potassio',
    b: '@ieca',
    // Usual treatment of heart failure (RALES): monitored, not avoided; grave with poor kidneys,
    // which the kidney check says.
    severity: 'moderado',
    message:
      'Risco de hipercalemia, sobretudo com doença renal: dose potássio e creatinina no início e após 1 semana.',
    reference: BEERS,
  },
  {
    a: '@poupador_potassio',
    b: '@bra',
    // Usual treatment of heart failure (RALES): monitored, not avoided; grave with poor kidneys,
    // which the kidney check says.
    severity: 'moderado',
    message:
      'Risco de hipercalemia, sobretudo com doença renal: dose potássio e creatinina no início e após 1 semana.',
    reference: BEERS,
  },
  {
    a: '@poupador_potassio',
    b: 'cloreto de potássio',
    severity: 'grave',
    message:
      'Risco de hipercalemia grave: evite suplementar potássio; se indispensável, monitore o potássio de perto.',
    reference: 'Bula da espironolactona (ANVISA)',
  },
  {
    a: 'cloreto de potássio',
    b: '@ieca',
    severity: 'moderado',
    message: 'Risco de hipercalemia: reavalie a necessidade do suplemento e monitore o potássio.',
    reference: STOCKLEY,
  },
  {
    a: 'cloreto de potássio',
    b: '@bra',
    severity: 'moderado',
    message: 'Risco de hipercalemia: reavalie a necessidade do suplemento e monitore o potássio.',
    reference: STOCKLEY,
  },
  {
    a: 'cloreto de potássio',
    b: 'sulfametoxazol + trimetoprima',
    severity: 'moderado',
    message:
      'A trimetoprima retém potássio: risco de hipercalemia; monitore o potássio durante o antibiótico.',
    reference: STOCKLEY,
  },
  {
    a: 'sulfametoxazol + trimetoprima',
    b: '@ieca',
    severity: 'grave',
    message:
      'Hipercalemia e morte súbita em idosos (a trimetoprima retém potássio): prefira outro antibiótico ou dose o potássio em 3 a 5 dias.',
    reference: 'Antoniou et al., BMJ 2014',
  },
  {
    a: 'sulfametoxazol + trimetoprima',
    b: '@bra',
    severity: 'grave',
    message:
      'Hipercalemia e morte súbita em idosos (a trimetoprima retém potássio): prefira outro antibiótico ou dose o potássio em 3 a 5 dias.',
    reference: 'Antoniou et al., BMJ 2014',
  },
  {
    a: 'sulfametoxazol + trimetoprima',
    b: '@poupador_potassio',
    severity: 'grave',
    message:
      'Hipercalemia e morte súbita (a trimetoprima retém potássio): prefira outro antibiótico ou dose o potássio em 3 a 5 dias.',
    reference: 'Antoniou et al., CMAJ 2015',
  },
  {
    a: '@ieca',
    b: '@aine',
    severity: 'moderado',
    message:
      'Piora da função renal e menor efeito anti-hipertensivo, pior com diurético: evite uso prolongado e monitore creatinina e potássio.',
    reference: 'Lapi et al., BMJ 2013',
  },
  {
    a: '@bra',
    b: '@aine',
    severity: 'moderado',
    message:
      'Piora da função renal e menor efeito anti-hipertensivo, pior com diurético: evite uso prolongado e monitore creatinina e potássio.',
    reference: 'Lapi et al., BMJ 2013',
  },
  {
    a: '@diuretico_alca',
    b: '@aine',
    severity: 'moderado',
    message:
      'Menor efeito diurético, descompensação da insuficiência cardíaca e lesão renal: evite; se usar, monitore peso e creatinina.',
    reference: 'Lapi et al., BMJ 2013',
  },
  {
    a: '@diuretico_tiazidico',
    b: '@aine',
    severity: 'moderado',
    message:
      'Menor efeito anti-hipertensivo e risco de lesão renal: evite uso prolongado e monitore pressão e creatinina.',
    reference: 'Lapi et al., BMJ 2013',
  },
  {
    a: '@poupador_potassio',
    b: '@aine',
    severity: 'moderado',
    message:
      'Risco de hipercalemia e lesão renal: evite uso prolongado; monitore potássio e creatinina.',
    reference: STOCKLEY,
  },
  {
    a: '@diuretico_alca',
    b: '@aminoglicosideo',
    severity: 'moderado',
    message:
      'Soma de ototoxicidade e nefrotoxicidade: evite doses altas de furosemida e monitore função renal e audição.',
    reference: STOCKLEY,
  },
  {
    a: 'vancomicina',
    b: '@aminoglicosideo',
    severity: 'moderado',
    message: 'Nefrotoxicidade somada: monitore a creatinina e o nível sérico de ambos.',
    reference: STOCKLEY,
  },
  {
    a: 'vancomicina',
    b: 'piperacilina + tazobactam',
    severity: 'moderado',
    message:
      'Mais lesão renal aguda do que com outros betalactâmicos: monitore a creatinina ou prefira cefepima ou meropeném.',
    reference: 'Luther et al., Crit Care Med 2018',
  },
  {
    a: '@inibidor_sglt2',
    b: '@diuretico_alca',
    severity: 'moderado',
    message:
      'Depleção de volume e hipotensão: considere reduzir o diurético ao iniciar e monitore pressão e creatinina.',
    reference: 'Bulas da dapagliflozina e da empagliflozina (ANVISA)',
  },

  // Lithium: what raises or lowers the lithium level.
  {
    a: 'carbonato de lítio',
    b: '@diuretico_tiazidico',
    severity: 'grave',
    message:
      'Toxicidade do lítio (o tiazídico reduz sua excreção): evite; se necessário, reduza a dose e dose a litemia em 5 a 7 dias.',
    reference: STOCKLEY,
  },
  {
    a: 'carbonato de lítio',
    b: '@ieca',
    severity: 'grave',
    message:
      'Toxicidade do lítio: evite; se necessário, dose a litemia em 1 semana e após cada mudança de dose.',
    reference: BEERS,
  },
  {
    a: 'carbonato de lítio',
    b: '@bra',
    severity: 'grave',
    message:
      'Toxicidade do lítio: evite; se necessário, dose a litemia em 1 semana e após cada mudança de dose.',
    reference: STOCKLEY,
  },
  {
    a: 'carbonato de lítio',
    b: '@aine',
    severity: 'grave',
    message:
      'Toxicidade do lítio (o AINE reduz sua excreção): evite; prefira paracetamol ou dose a litemia em 5 a 7 dias.',
    reference: STOCKLEY,
  },
  {
    a: 'carbonato de lítio',
    b: '@diuretico_alca',
    severity: 'moderado',
    message:
      'Risco de toxicidade do lítio, sobretudo com desidratação: dose a litemia ao iniciar e após mudanças de dose.',
    reference: BEERS,
  },
  {
    a: 'carbonato de lítio',
    b: 'metronidazol',
    severity: 'moderado',
    message: 'Aumento dos níveis de lítio: dose a litemia e a creatinina durante o tratamento.',
    reference: 'Bula do metronidazol (FDA)',
  },
  {
    a: 'carbonato de lítio',
    b: '@xantina',
    severity: 'moderado',
    message: 'As xantinas aumentam a excreção do lítio: dose a litemia ao iniciar e ao suspender.',
    reference: STOCKLEY,
  },

  // Digoxin: what raises its level, and hypokalaemia.
  {
    a: 'digoxina',
    b: 'amiodarona',
    severity: 'grave',
    message:
      'A amiodarona até dobra a digoxina: reduza a dose de digoxina pela metade e dose o nível sérico.',
    reference: STOCKLEY,
  },
  {
    a: 'digoxina',
    b: 'verapamil',
    severity: 'grave',
    message:
      'Aumento da digoxina e bloqueio AV: reduza a dose de digoxina e monitore nível sérico e frequência cardíaca.',
    reference: STOCKLEY,
  },
  {
    a: 'digoxina',
    b: 'diltiazem',
    severity: 'moderado',
    message: 'Aumento da digoxina e bradicardia: monitore nível sérico e frequência cardíaca.',
    reference: STOCKLEY,
  },
  {
    a: 'digoxina',
    b: '@macrolideo_cyp3a4',
    severity: 'grave',
    message:
      'Aumento da digoxina (inibição da P-gp) e intoxicação: prefira azitromicina; se associar, reduza a dose e dose o nível sérico.',
    reference: STOCKLEY,
  },
  {
    a: 'digoxina',
    b: 'itraconazol',
    severity: 'moderado',
    message:
      'Aumento da digoxina (inibição da P-gp): dose o nível sérico e reduza a dose se necessário.',
    reference: STOCKLEY,
  },
  {
    a: 'digoxina',
    b: 'propafenona',
    severity: 'moderado',
    message: 'Aumento da digoxina: dose o nível sérico e reduza a dose se necessário.',
    reference: STOCKLEY,
  },
  {
    a: 'digoxina',
    b: 'ciclosporina',
    severity: 'moderado',
    message: 'Aumento da digoxina: dose o nível sérico e reduza a dose se necessário.',
    reference: STOCKLEY,
  },
  {
    a: 'digoxina',
    b: 'hidroxicloroquina',
    severity: 'moderado',
    message: 'Aumento da digoxina: dose o nível sérico durante o tratamento.',
    reference: 'Bula da hidroxicloroquina (ANVISA)',
  },
  {
    a: 'digoxina',
    b: '@diuretico_alca',
    severity: 'moderado',
    message:
      'Hipocalemia e hipomagnesemia aumentam a toxicidade da digoxina: monitore potássio e magnésio.',
    reference: STOCKLEY,
  },
  {
    a: 'digoxina',
    b: '@diuretico_tiazidico',
    severity: 'moderado',
    message:
      'Hipocalemia e hipomagnesemia aumentam a toxicidade da digoxina: monitore potássio e magnésio.',
    reference: STOCKLEY,
  },

  // Methotrexate: what reduces its excretion or adds marrow toxicity.
  {
    a: 'metotrexato',
    b: '@aine',
    severity: 'grave',
    message:
      'Menor excreção do metotrexato e toxicidade (medula, rim, mucosa): evite em dose alta; na dose semanal baixa, monitore hemograma e creatinina.',
    reference: STOCKLEY,
  },
  {
    a: 'metotrexato',
    b: 'sulfametoxazol + trimetoprima',
    severity: 'grave',
    message:
      'Pancitopenia grave (dois antifolatos e menor excreção): evite; escolha outro antibiótico.',
    reference: 'Bula do metotrexato (FDA); ' + STOCKLEY,
  },
  {
    a: 'metotrexato',
    b: '@ibp',
    severity: 'moderado',
    message:
      'Os IBP podem elevar os níveis de metotrexato em dose alta: suspenda o IBP nesses ciclos; na dose baixa, monitore.',
    reference: 'Bula do metotrexato (FDA)',
  },
  {
    a: 'metotrexato',
    b: 'dipirona',
    severity: 'grave',
    message:
      'A dipirona aumenta a toxicidade hematológica do metotrexato, sobretudo em idosos: evite a associação.',
    reference: 'Bula da dipirona (ANVISA)',
  },
  {
    a: 'metotrexato',
    b: 'ácido acetilsalicílico',
    severity: 'moderado',
    message:
      'Salicilatos reduzem a excreção do metotrexato: evite doses analgésicas de AAS; com AAS em baixa dose, monitore hemograma e creatinina.',
    reference: STOCKLEY,
  },
  {
    a: 'metotrexato',
    b: 'leflunomida',
    severity: 'moderado',
    message: 'Hepatotoxicidade e mielotoxicidade somadas: monitore TGP e hemograma todo mês.',
    reference: 'Bula da leflunomida (ANVISA)',
  },
  {
    a: 'metotrexato',
    b: 'amoxicilina',
    severity: 'moderado',
    message:
      'As penicilinas reduzem a excreção do metotrexato: monitore hemograma e função renal durante o antibiótico.',
    reference: STOCKLEY,
  },

  // Azathioprine.
  {
    a: 'alopurinol',
    b: 'azatioprina',
    severity: 'grave',
    message:
      'O alopurinol bloqueia a inativação da azatioprina (mielotoxicidade grave): evite; se necessário, reduza a azatioprina a 1/4 da dose.',
    reference: 'Bula da azatioprina (ANVISA)',
  },
  {
    a: 'azatioprina',
    b: 'sulfametoxazol + trimetoprima',
    severity: 'moderado',
    message: 'Mielossupressão somada: monitore o hemograma durante o antibiótico.',
    reference: STOCKLEY,
  },

  // Heart rate, blood pressure and the beta-blockers.
  {
    a: '@betabloqueador',
    b: '@bcc_nao_diidropiridinico',
    severity: 'grave',
    message:
      'Bradicardia, bloqueio AV e piora da insuficiência cardíaca: evite; se indispensável, monitore a frequência e o ECG.',
    reference: STOCKLEY,
  },
  {
    a: '@betabloqueador',
    b: 'clonidina',
    severity: 'moderado',
    message:
      'Hipertensão rebote se a clonidina for suspensa: retire primeiro o betabloqueador e, dias depois, a clonidina, aos poucos.',
    reference: 'Bula da clonidina (ANVISA)',
  },
  {
    a: 'amiodarona',
    b: '@betabloqueador',
    severity: 'moderado',
    message: 'Bradicardia e bloqueio AV: monitore a frequência cardíaca e o ECG.',
    reference: STOCKLEY,
  },
  {
    a: 'amiodarona',
    b: '@bcc_nao_diidropiridinico',
    severity: 'moderado',
    message: 'Bradicardia e bloqueio AV: monitore a frequência cardíaca e o ECG.',
    reference: STOCKLEY,
  },
  {
    a: '@betabloqueador_nao_seletivo',
    b: '@beta2_agonista',
    severity: 'moderado',
    message:
      'Antagonismo e risco de broncoespasmo: em asma ou DPOC, prefira betabloqueador cardiosseletivo (bisoprolol, metoprolol).',
    reference: STOCKLEY,
  },
  {
    a: '@betabloqueador_nao_seletivo',
    b: '@hipoglicemiante',
    severity: 'moderado',
    message:
      'Mascara sinais de hipoglicemia (tremor, taquicardia) e retarda a recuperação: oriente o paciente; prefira cardiosseletivo.',
    reference: STOCKLEY,
  },
  {
    a: '@betabloqueador_nao_seletivo',
    b: 'epinefrina',
    severity: 'moderado',
    message:
      'Hipertensão com bradicardia reflexa e anafilaxia menos responsiva: atenção à dose; considere glucagon se refratária.',
    reference: STOCKLEY,
  },
  {
    a: 'rizatriptana',
    b: 'propranolol',
    severity: 'moderado',
    message:
      'O propranolol aumenta a rizatriptana em cerca de 70%: a bula indica 5 mg por dose (máximo 15 mg/dia); prefira outro triptano.',
    reference: 'Bula da rizatriptana (ANVISA)',
  },
  {
    a: '@nitrato',
    b: '@inibidor_pde5',
    severity: 'contraindicado',
    message:
      'Hipotensão grave e risco de infarto: contraindicado; nitrato só 24 h após sildenafila e 48 h após tadalafila.',
    reference: 'Bulas da sildenafila e da tadalafila (ANVISA)',
  },
  {
    a: '@alfabloqueador',
    b: '@inibidor_pde5',
    severity: 'moderado',
    message:
      'Hipotensão postural: inicie o inibidor da PDE-5 na menor dose, com o alfabloqueador já em dose estável.',
    reference: 'Bulas da sildenafila e da tadalafila (ANVISA)',
  },

  // Blood glucose.
  {
    a: '@quinolona',
    b: '@hipoglicemiante',
    severity: 'grave',
    message:
      'Hipoglicemia grave (ou hiperglicemia), sobretudo em idosos: prefira outro antibiótico; se necessário, monitore a glicemia de perto.',
    reference: FDA_FLUOROQUINOLONES,
  },
  {
    a: 'sulfametoxazol + trimetoprima',
    b: '@sulfonilureia',
    severity: 'grave',
    message:
      'Hipoglicemia grave em idosos: prefira outro antibiótico ou reduza a sulfonilureia e monitore a glicemia.',
    reference: 'Parekh et al., JAMA Intern Med 2014',
  },
  {
    a: 'claritromicina',
    b: '@sulfonilureia',
    severity: 'moderado',
    message:
      'Risco de hipoglicemia, sobretudo em idosos: monitore a glicemia e considere reduzir a sulfonilureia.',
    reference: 'Parekh et al., JAMA Intern Med 2014',
  },
  {
    a: 'fluconazol',
    b: '@sulfonilureia',
    severity: 'moderado',
    message:
      'Hipoglicemia pelo aumento da sulfonilureia (CYP2C9): monitore a glicemia e considere reduzir a dose.',
    reference: STOCKLEY,
  },
  {
    a: 'pioglitazona',
    b: '@insulina',
    severity: 'moderado',
    message:
      'Retenção de líquido e risco de insuficiência cardíaca: monitore edema e peso; evite na insuficiência cardíaca.',
    reference: 'Bula da pioglitazona (ANVISA)',
  },
  {
    a: 'pioglitazona',
    b: 'genfibrozila',
    severity: 'moderado',
    message: 'A genfibrozila triplica os níveis de pioglitazona: não ultrapasse 15 mg/dia.',
    reference: 'Bula da pioglitazona (FDA)',
  },

  // Absorption: chelation and gastric acidity; separate the doses.
  {
    a: '@quinolona',
    b: '@sal_mineral_ou_antiacido',
    severity: 'moderado',
    message:
      'Quelação reduz muito a absorção da quinolona: tome a quinolona 2 h antes ou 6 h depois.',
    reference: 'Bula do ciprofloxacino (ANVISA)',
  },
  {
    a: '@tetraciclina',
    b: '@sal_mineral_ou_antiacido',
    severity: 'moderado',
    message: 'Quelação reduz a absorção da tetraciclina: tome-a 2 a 3 h antes ou depois.',
    reference: 'Bula da doxiciclina (ANVISA)',
  },
  {
    a: 'levotiroxina',
    b: '@sal_mineral_ou_antiacido',
    severity: 'moderado',
    message:
      'Menor absorção da levotiroxina: tome-a em jejum, 4 h antes do cálcio, do ferro ou do antiácido.',
    reference: 'Bula da levotiroxina (ANVISA)',
  },
  {
    a: 'levotiroxina',
    b: '@ibp',
    severity: 'moderado',
    message:
      'Menor absorção da levotiroxina com menos acidez gástrica: dose o TSH 6 a 8 semanas após iniciar o IBP.',
    reference: STOCKLEY,
  },
  {
    a: '@bisfosfonato',
    b: '@sal_mineral_ou_antiacido',
    severity: 'moderado',
    message:
      'O bisfosfonato quase não é absorvido: tome-o em jejum, só com água, e o cálcio, o ferro ou o antiácido pelo menos 30 min depois.',
    reference: 'Bula do alendronato (ANVISA)',
  },
  {
    a: 'isotretinoína',
    b: '@tetraciclina',
    severity: 'contraindicado',
    message: 'Hipertensão intracraniana (pseudotumor cerebral): contraindicado; não associe.',
    reference: 'Bula da isotretinoína (ANVISA)',
  },

  // Dopamine: antipsychotics, metoclopramida and the antiparkinsonians.
  {
    a: 'metoclopramida',
    b: '@dopaminergico',
    severity: 'contraindicado',
    message:
      'Antagonismo (a metoclopramida bloqueia a dopamina) e piora do parkinsonismo: contraindicado; para náuseas, prefira domperidona.',
    reference: 'Bula da metoclopramida (EMA)',
  },
  {
    a: 'metoclopramida',
    b: '@antipsicotico',
    severity: 'moderado',
    message:
      'Soma de efeitos extrapiramidais e risco de síndrome neuroléptica maligna: evite a associação.',
    reference: 'Bula da metoclopramida (EMA)',
  },
  {
    a: '@dopaminergico',
    b: '@antipsicotico_bloqueador_d2',
    severity: 'grave',
    message:
      'Antagonismo: o antipsicótico piora o parkinsonismo e anula o dopaminérgico; se precisar, prefira quetiapina ou clozapina.',
    reference: STOCKLEY,
  },

  // Other anti-infective interactions.
  {
    a: 'dissulfiram',
    b: '@nitroimidazol',
    severity: 'grave',
    message:
      'Reações psicóticas e confusão: evite; inicie o nitroimidazol só 2 semanas após suspender o dissulfiram.',
    reference: 'Bula do metronidazol (FDA)',
  },
  {
    a: '@corticoide_sistemico',
    b: '@quinolona',
    severity: 'moderado',
    message:
      'Risco aumentado de tendinite e ruptura de tendão, sobretudo em idosos: evite; oriente a suspender ao primeiro sinal de dor.',
    reference: 'Bula do ciprofloxacino (FDA)',
  },
  {
    a: 'dipirona',
    b: 'clorpromazina',
    severity: 'moderado',
    message: 'Risco de hipotermia grave: evite a associação ou monitore a temperatura.',
    reference: 'Bula da dipirona (ANVISA)',
  },
  // Found missing in review: two anticoagulants of the same kind, and two serotonergic
  // antidepressants of different classes (an SSRI with an SNRI).
  {
    a: '@anticoagulante_oral_direto',
    b: '@anticoagulante_oral_direto',
    severity: 'grave',
    message:
      'Dois anticoagulantes orais diretos: sangramento grave; não associe, na troca siga a transição da bula.',
    reference: EHRA,
  },
  {
    a: '@heparina',
    b: '@heparina',
    severity: 'grave',
    message: 'Duas heparinas ao mesmo tempo: sangramento grave; use só uma.',
    reference: 'Bula da enoxaparina (ANVISA)',
  },
  {
    a: '@antidepressivo_serotoninergico',
    b: '@antidepressivo_serotoninergico',
    severity: 'grave',
    message:
      'Dois antidepressivos serotoninérgicos: risco de síndrome serotoninérgica; evite, e na troca respeite a transição.',
    reference: STOCKLEY,
  },
];
