/**
 * What Brazilian doctors type when they look for a CID, and what they mean: everyday words
 * ('pressão alta'), abbreviations ('HAS', 'DM2', 'ITU') and current spellings the 1990s
 * official text does not use ('migrânea', 'hipertireoidismo'). Matching ignores case, accents,
 * plurals and little words ('dor de cabeça' = 'dor cabeca'), so each idea is listed once.
 */
export interface LayTerm {
  /** The ways of saying it. */
  terms: readonly string[];
  /**
   * The codes meant, the usual choice first; all are in the built-in catalogue. Empty when the
   * term only needs rewording ('câncer' → 'neoplasia maligna').
   */
  codes: readonly string[];
  /**
   * The official wording to search as well, so the codes' relatives follow them ('gripe' →
   * every 'influenza' code).
   */
  searchAs?: string;
}

export const LAY_TERMS: readonly LayTerm[] = [
  // Cardiovascular
  {
    terms: [
      'pressão alta',
      'HAS',
      'hipertensão',
      'hipertensão arterial',
      'hipertensão arterial sistêmica',
      'hipertenso',
      'hipertensa',
    ],
    codes: ['I10'],
    searchAs: 'hipertensão',
  },
  {
    terms: ['crise hipertensiva', 'urgência hipertensiva', 'emergência hipertensiva'],
    codes: ['I10'],
  },
  { terms: ['cardiopatia hipertensiva'], codes: ['I11.9'] },
  {
    // A diagnosis with its complication has a combined code, which goes first.
    terms: [
      'hipertensão com insuficiência cardíaca',
      'hipertensão e insuficiência cardíaca',
      'cardiopatia hipertensiva com insuficiência cardíaca',
      'HAS com ICC',
      'HAS com IC',
    ],
    codes: ['I11.0'],
  },
  {
    terms: [
      'hipertensão com insuficiência renal',
      'hipertensão e insuficiência renal',
      'nefropatia hipertensiva',
      'doença renal hipertensiva',
    ],
    codes: ['I12.0'],
  },
  { terms: ['pressão baixa', 'hipotensão'], codes: ['I95.9', 'I95.1'] },
  { terms: ['hipotensão postural'], codes: ['I95.1'] },
  {
    terms: ['angina', 'angina pectoris'],
    codes: ['I20.9', 'I20.0'],
  },
  {
    // Stable angina is not I20.0 (unstable); the official list files it under 'outras formas'.
    terms: ['angina estável'],
    codes: ['I20.8', 'I20.9'],
  },
  {
    terms: [
      'IAM',
      'infarto',
      'infarto do miocárdio',
      'ataque cardíaco',
      'IAMCSST',
      'IAMSSST',
      'infarto agudo',
    ],
    codes: ['I21.9'],
    searchAs: 'infarto agudo do miocárdio',
  },
  {
    terms: ['síndrome coronariana aguda', 'SCA'],
    codes: ['I20.0', 'I21.9'],
  },
  {
    terms: ['doença coronariana', 'DAC', 'cardiopatia isquêmica', 'coronariopatia'],
    codes: ['I25.9', 'I25.1'],
  },
  {
    terms: ['ICC', 'insuficiência cardíaca', 'ICFER', 'ICFEP', 'IC congestiva'],
    codes: ['I50.0', 'I50.9'],
    searchAs: 'insuficiência cardíaca',
  },
  {
    terms: ['FA', 'fibrilação atrial', 'FA crônica', 'flutter', 'flutter atrial'],
    codes: ['I48'],
  },
  { terms: ['arritmia', 'arritmia cardíaca'], codes: ['I49.9'] },
  { terms: ['TSV', 'taquicardia supraventricular'], codes: ['I47.1'] },
  { terms: ['taquicardia'], codes: ['R00.0', 'I47.1'] },
  { terms: ['palpitação', 'batedeira', 'coração acelerado'], codes: ['R00.2'] },
  {
    terms: ['TEP', 'embolia pulmonar', 'tromboembolismo pulmonar', 'TEV'],
    codes: ['I26.9'],
    searchAs: 'embolia pulmonar',
  },
  {
    terms: ['TVP', 'trombose venosa profunda', 'trombose', 'tromboflebite'],
    codes: ['I80.2'],
    searchAs: 'tromboflebite',
  },
  { terms: ['varizes', 'varicosidade', 'veias varicosas'], codes: ['I83.9', 'I87.2'] },
  {
    terms: ['AVC', 'AVE', 'derrame', 'derrame cerebral', 'acidente vascular encefálico'],
    codes: ['I64', 'I63.9', 'I61.9'],
    searchAs: 'acidente vascular cerebral',
  },
  { terms: ['AVC isquêmico', 'AVCi', 'AVE isquêmico'], codes: ['I63.9'] },
  { terms: ['AVC hemorrágico', 'AVCh', 'AVE hemorrágico'], codes: ['I61.9'] },
  {
    terms: ['AIT', 'ataque isquêmico transitório', 'isquemia cerebral transitória'],
    codes: ['G45.9'],
  },
  { terms: ['sequela de AVC', 'sequela de AVE'], codes: ['I69.4'] },
  { terms: ['doença arterial periférica', 'DAOP', 'DAP'], codes: ['I73.9'] },
  { terms: ['hemorroida', 'doença hemorroidária'], codes: ['I84.9'], searchAs: 'hemorróidas' },

  // Respiratory
  {
    terms: ['resfriado', 'resfriado comum', 'rinofaringite', 'coriza', 'nasofaringite'],
    codes: ['J00'],
    searchAs: 'nasofaringite',
  },
  {
    terms: ['gripe', 'influenza', 'síndrome gripal', 'estado gripal', 'gripado'],
    codes: ['J11.1'],
    searchAs: 'influenza',
  },
  {
    terms: [
      'IVAS',
      'IVAS viral',
      'infecção de vias aéreas superiores',
      'infecção respiratória alta',
      'infecção das vias aéreas superiores',
    ],
    codes: ['J06.9'],
    searchAs: 'infecção aguda das vias aéreas superiores',
  },
  { terms: ['sinusite', 'rinossinusite', 'sinusite aguda'], codes: ['J01.9', 'J32.9'] },
  { terms: ['sinusite crônica'], codes: ['J32.9'] },
  {
    terms: [
      'faringite',
      'dor de garganta',
      'faringite viral',
      'infecção de garganta',
      'garganta inflamada',
    ],
    codes: ['J02.9', 'R07.0'],
  },
  {
    terms: ['amigdalite', 'amidalite', 'tonsilite', 'faringoamigdalite', 'amigdalite bacteriana'],
    codes: ['J03.9', 'J03.0'],
  },
  { terms: ['laringite'], codes: ['J04.0'] },
  { terms: ['crupe', 'laringotraqueíte', 'laringotraqueobronquite'], codes: ['J05.0'] },
  {
    terms: ['pneumonia', 'PAC', 'pneumonia comunitária', 'pneumonia adquirida na comunidade'],
    codes: ['J18.9', 'J15.9', 'J18.0'],
  },
  { terms: ['broncopneumonia'], codes: ['J18.0'] },
  { terms: ['pneumonia aspirativa', 'broncoaspiração'], codes: ['J69.0'] },
  { terms: ['bronquite', 'bronquite aguda'], codes: ['J20.9', 'J40'] },
  { terms: ['bronquiolite', 'bronquiolite viral aguda', 'BVA'], codes: ['J21.9'] },
  {
    terms: [
      'asma',
      'asmático',
      'asmática',
      'bronquite asmática',
      'broncoespasmo',
      'crise de asma',
      'crise asmática',
      'asma brônquica',
    ],
    codes: ['J45.9', 'J45.0'],
  },
  { terms: ['mal asmático', 'estado de mal asmático', 'asma aguda grave'], codes: ['J46'] },
  {
    terms: ['DPOC', 'doença pulmonar obstrutiva crônica', 'bronquite crônica obstrutiva'],
    codes: ['J44.9'],
    searchAs: 'doença pulmonar obstrutiva crônica',
  },
  {
    terms: ['DPOC exacerbado', 'DPOC exacerbada', 'DPOC descompensado', 'exacerbação de DPOC'],
    codes: ['J44.1'],
  },
  { terms: ['enfisema', 'enfisema pulmonar'], codes: ['J43.9'] },
  { terms: ['bronquiectasia'], codes: ['J47'] },
  { terms: ['rinite', 'rinite alérgica', 'alergia nasal'], codes: ['J30.4', 'J31.0'] },
  // J81 excludes cardiogenic oedema, which is what an EAP in the emergency room usually is.
  { terms: ['EAP', 'edema agudo de pulmão'], codes: ['I50.1', 'J81'] },
  { terms: ['edema pulmonar'], codes: ['J81', 'I50.1'] },
  { terms: ['derrame pleural'], codes: ['J90'] },
  { terms: ['insuficiência respiratória', 'IRpA'], codes: ['J96.0'] },
  {
    terms: ['falta de ar', 'dispneia', 'cansaço para respirar', 'dificuldade para respirar'],
    codes: ['R06.0'],
  },
  { terms: ['chiado', 'chiado no peito', 'sibilância', 'sibilos'], codes: ['R06.2'] },
  { terms: ['tosse', 'tosse seca', 'tosse produtiva'], codes: ['R05'] },
  { terms: ['COVID', 'COVID-19', 'coronavírus', 'SARS-CoV-2'], codes: ['B34.2'] },
  {
    terms: ['tuberculose', 'TB', 'TBC', 'tuberculose pulmonar'],
    codes: ['A16.2', 'A15.0'],
  },
  { terms: ['coqueluche', 'tosse comprida'], codes: ['A37.9'] },

  // Digestive
  {
    terms: ['refluxo', 'DRGE', 'refluxo gastroesofágico', 'doença do refluxo'],
    codes: ['K21.9', 'K21.0'],
    searchAs: 'refluxo gastroesofágico',
  },
  { terms: ['esofagite', 'esofagite de refluxo'], codes: ['K21.0'] },
  { terms: ['gastrite', 'gastrite crônica', 'gastrite enantematosa'], codes: ['K29.7', 'K29.5'] },
  { terms: ['gastrite aguda'], codes: ['K29.1'] },
  {
    terms: ['dispepsia', 'má digestão', 'indigestão', 'dispepsia funcional'],
    codes: ['K30'],
  },
  {
    terms: ['epigastralgia', 'dor no estômago', 'dor de estômago', 'dor epigástrica'],
    codes: ['R10.1', 'K30'],
  },
  { terms: ['azia', 'queimação', 'pirose'], codes: ['R12', 'K21.9'] },
  { terms: ['úlcera gástrica', 'úlcera no estômago'], codes: ['K25.9'] },
  { terms: ['úlcera duodenal'], codes: ['K26.9'] },
  { terms: ['úlcera péptica', 'doença ulcerosa péptica'], codes: ['K27.9'] },
  {
    terms: [
      'diarreia',
      'GECA',
      'gastroenterite',
      'gastroenterocolite',
      'gastroenterocolite aguda',
      'diarreia aguda',
      'virose intestinal',
      'disenteria',
    ],
    codes: ['A09', 'A08.4'],
    searchAs: 'diarréia gastroenterite',
  },
  { terms: ['diarreia crônica', 'diarreia funcional'], codes: ['K59.1'] },
  {
    terms: ['constipação', 'prisão de ventre', 'intestino preso', 'obstipação'],
    codes: ['K59.0'],
  },
  {
    terms: ['náusea', 'vômito', 'enjoo', 'náuseas e vômitos', 'êmese'],
    codes: ['R11'],
  },
  {
    terms: ['dor abdominal', 'dor de barriga', 'dor na barriga', 'cólica abdominal'],
    codes: ['R10.4'],
  },
  { terms: ['abdome agudo', 'abdômen agudo'], codes: ['R10.0'] },
  { terms: ['apendicite', 'apendicite aguda'], codes: ['K35.9'] },
  {
    terms: ['pedra na vesícula', 'colelitíase', 'cálculo biliar', 'litíase biliar'],
    codes: ['K80.2'],
  },
  { terms: ['colecistite', 'colecistite aguda'], codes: ['K81.0'] },
  { terms: ['pancreatite', 'pancreatite aguda'], codes: ['K85.9'] },
  { terms: ['cirrose', 'cirrose hepática'], codes: ['K74.6', 'K70.3'] },
  {
    terms: ['esteatose', 'esteatose hepática', 'gordura no fígado', 'DHGNA', 'fígado gorduroso'],
    codes: ['K76.0'],
  },
  {
    terms: ['hemorragia digestiva', 'HDA', 'sangramento digestivo', 'HDB'],
    codes: ['K92.2', 'K92.0', 'K92.1'],
  },
  {
    terms: ['síndrome do intestino irritável', 'SII', 'cólon irritável', 'intestino irritável'],
    codes: ['K58.9'],
  },
  { terms: ['diverticulite', 'diverticulose', 'doença diverticular'], codes: ['K57.3'] },
  { terms: ['hérnia de hiato', 'hérnia hiatal'], codes: ['K44.9'] },
  { terms: ['aftas', 'afta', 'estomatite aftosa'], codes: ['K12.0'] },
  { terms: ['abscesso dentário', 'abscesso periapical'], codes: ['K04.7'] },

  // Endocrine and metabolic
  {
    terms: [
      'DM2',
      'DM 2',
      'DM tipo 2',
      'diabetes tipo 2',
      'diabetes mellitus tipo 2',
      'DM tipo II',
      'diabetes tipo II',
      'DMNID',
    ],
    codes: ['E11.9', 'E11.8'],
    searchAs: 'diabetes mellitus não-insulino-dependente',
  },
  {
    terms: [
      'DM1',
      'DM 1',
      'DM tipo 1',
      'diabetes tipo 1',
      'diabetes mellitus tipo 1',
      'DM tipo I',
      'diabetes tipo I',
      'DMID',
    ],
    codes: ['E10.9', 'E10.8'],
    searchAs: 'diabetes mellitus insulino-dependente',
  },
  {
    terms: ['diabetes', 'DM', 'diabetes mellitus', 'diabético', 'diabética'],
    codes: ['E11.9', 'E14.9', 'E10.9'],
  },
  { terms: ['diabetes gestacional', 'DMG'], codes: ['O24.4'] },
  { terms: ['hipoglicemia'], codes: ['E16.2'] },
  { terms: ['hiperglicemia', 'glicemia alta', 'glicose alta'], codes: ['R73.9'] },
  { terms: ['açúcar alto', 'açúcar no sangue', 'taxa de açúcar alta'], codes: ['R73.9', 'E14.9'] },
  { terms: ['hipotireoidismo'], codes: ['E03.9'] },
  {
    terms: ['hipertireoidismo', 'tireotoxicose', 'doença de Graves'],
    codes: ['E05.9'],
    searchAs: 'tireotoxicose',
  },
  { terms: ['tireoidite de Hashimoto', 'Hashimoto', 'tireoidite autoimune'], codes: ['E06.3'] },
  { terms: ['bócio'], codes: ['E04.9'] },
  { terms: ['nódulo de tireoide', 'nódulo tireoidiano'], codes: ['E04.1', 'E04.9'] },
  {
    terms: ['nefropatia diabética', 'diabetes com nefropatia', 'diabetes com insuficiência renal'],
    codes: ['E11.2'],
  },
  { terms: ['retinopatia diabética', 'diabetes com retinopatia'], codes: ['E11.3'] },
  { terms: ['neuropatia diabética', 'diabetes com neuropatia'], codes: ['E11.4'] },
  { terms: ['obesidade', 'obeso', 'obesa', 'sobrepeso', 'excesso de peso'], codes: ['E66.9'] },
  {
    terms: [
      'dislipidemia',
      'colesterol alto',
      'colesterol elevado',
      'hipercolesterolemia',
      'LDL alto',
    ],
    codes: ['E78.5', 'E78.0', 'E78.2'],
    searchAs: 'hiperlipidemia',
  },
  {
    terms: ['triglicerídeos altos', 'hipertrigliceridemia', 'triglicérides alto'],
    codes: ['E78.1'],
  },
  { terms: ['ácido úrico alto', 'hiperuricemia'], codes: ['E79.0'] },
  { terms: ['desidratação', 'hipovolemia'], codes: ['E86'] },
  { terms: ['hipocalemia', 'hipopotassemia', 'potássio baixo'], codes: ['E87.6'] },
  { terms: ['hiponatremia', 'sódio baixo'], codes: ['E87.1'] },
  { terms: ['desnutrição'], codes: ['E46'] },
  {
    terms: ['hipovitaminose D', 'deficiência de vitamina D', 'vitamina D baixa'],
    codes: ['E55.9'],
  },
  { terms: ['SOP', 'ovário policístico', 'ovários policísticos'], codes: ['E28.2'] },

  // Blood
  { terms: ['anemia'], codes: ['D64.9', 'D50.9'] },
  {
    terms: ['anemia ferropriva', 'ferropenia', 'deficiência de ferro', 'anemia ferropênica'],
    codes: ['D50.9'],
  },
  { terms: ['anemia falciforme', 'doença falciforme'], codes: ['D57.1'] },
  { terms: ['plaquetopenia', 'trombocitopenia', 'plaquetas baixas'], codes: ['D69.6'] },

  // Mental health
  {
    terms: ['ansiedade', 'TAG', 'transtorno de ansiedade', 'ansioso', 'ansiosa'],
    codes: ['F41.1', 'F41.9'],
    searchAs: 'ansiedade ansioso',
  },
  {
    terms: ['pânico', 'síndrome do pânico', 'crise de pânico', 'transtorno do pânico'],
    codes: ['F41.0'],
  },
  {
    terms: ['depressão', 'depressivo', 'depressiva', 'transtorno depressivo', 'deprimido'],
    codes: ['F32.9', 'F33.9', 'F41.2'],
    searchAs: 'depressivo',
  },
  { terms: ['depressão leve'], codes: ['F32.0'] },
  { terms: ['depressão moderada'], codes: ['F32.1'] },
  { terms: ['depressão grave'], codes: ['F32.2'] },
  { terms: ['depressão recorrente'], codes: ['F33.9'] },
  { terms: ['ansiedade e depressão', 'transtorno misto'], codes: ['F41.2'] },
  { terms: ['insônia'], codes: ['G47.0', 'F51.0'] },
  { terms: ['estresse', 'estresse agudo'], codes: ['F43.0', 'F43.2'] },
  { terms: ['TEPT', 'estresse pós-traumático'], codes: ['F43.1'] },
  { terms: ['burnout', 'síndrome de burnout', 'esgotamento profissional'], codes: ['Z73.0'] },
  { terms: ['transtorno de adaptação', 'transtorno de ajustamento'], codes: ['F43.2'] },
  {
    terms: ['alcoolismo', 'etilismo', 'etilista', 'dependência de álcool', 'dependência alcoólica'],
    codes: ['F10.2'],
  },
  { terms: ['embriaguez', 'intoxicação alcoólica', 'bêbado'], codes: ['F10.0'] },
  { terms: ['tabagismo', 'tabagista', 'fumante', 'dependência de nicotina'], codes: ['F17.2'] },
  { terms: ['maconha', 'cannabis'], codes: ['F12.2'] },
  { terms: ['cocaína', 'crack'], codes: ['F14.2'] },
  { terms: ['bipolar', 'transtorno bipolar', 'TAB'], codes: ['F31.9'] },
  { terms: ['TDAH', 'déficit de atenção', 'hiperatividade'], codes: ['F90.0'] },
  { terms: ['autismo', 'TEA', 'transtorno do espectro autista'], codes: ['F84.0'] },
  { terms: ['enurese', 'xixi na cama'], codes: ['F98.0'] },
  { terms: ['somatização'], codes: ['F45.0'] },
  { terms: ['demência'], codes: ['F03', 'F00.9'] },
  { terms: ['Alzheimer', 'doença de Alzheimer'], codes: ['G30.9', 'F00.9'] },

  // Nervous system
  {
    terms: ['enxaqueca', 'migrânea', 'migrânia', 'crise de enxaqueca'],
    codes: ['G43.9', 'G43.0'],
    searchAs: 'enxaqueca',
  },
  {
    terms: ['cefaleia', 'dor de cabeça', 'cefalalgia'],
    codes: ['R51', 'G44.2'],
  },
  { terms: ['cefaleia tensional', 'dor de cabeça tensional'], codes: ['G44.2'] },
  {
    terms: ['tontura', 'tonteira', 'vertigem', 'zonzeira'],
    codes: ['R42', 'H81.1'],
  },
  { terms: ['labirintite'], codes: ['H83.0', 'R42'] },
  { terms: ['VPPB', 'vertigem posicional'], codes: ['H81.1'] },
  { terms: ['epilepsia'], codes: ['G40.9'] },
  { terms: ['convulsão', 'crise convulsiva', 'convulsões'], codes: ['R56.8', 'G40.9'] },
  { terms: ['convulsão febril'], codes: ['R56.0'] },
  { terms: ['desmaio', 'síncope', 'perda de consciência'], codes: ['R55'] },
  { terms: ['Parkinson', 'doença de Parkinson'], codes: ['G20'] },
  { terms: ['paralisia facial', 'paralisia de Bell'], codes: ['G51.0'] },
  { terms: ['túnel do carpo', 'STC', 'síndrome do túnel do carpo'], codes: ['G56.0'] },
  { terms: ['neuropatia', 'neuropatia periférica', 'polineuropatia'], codes: ['G62.9'] },
  { terms: ['apneia do sono', 'SAOS', 'apneia obstrutiva do sono'], codes: ['G47.3'] },
  { terms: ['meningite'], codes: ['G03.9', 'A87.9'] },

  // Eye and ear
  {
    terms: ['conjuntivite', 'olho vermelho'],
    codes: ['H10.9', 'H10.3', 'B30.9'],
  },
  { terms: ['conjuntivite viral'], codes: ['B30.9'] },
  { terms: ['conjuntivite bacteriana', 'conjuntivite purulenta'], codes: ['H10.0'] },
  { terms: ['conjuntivite alérgica'], codes: ['H10.1'] },
  { terms: ['terçol', 'hordéolo'], codes: ['H00.0'] },
  { terms: ['catarata'], codes: ['H25.9'] },
  { terms: ['glaucoma'], codes: ['H40.9'] },
  { terms: ['hiposfagma', 'hemorragia subconjuntival'], codes: ['H11.3'] },
  {
    terms: ['otite', 'otite média', 'OMA', 'otite média aguda'],
    codes: ['H66.9', 'H65.9'],
  },
  { terms: ['otite externa', 'ouvido de nadador'], codes: ['H60.9'] },
  { terms: ['dor de ouvido', 'otalgia'], codes: ['H92.0'] },
  { terms: ['cera no ouvido', 'rolha de cerume', 'cerume'], codes: ['H61.2'] },
  { terms: ['zumbido', 'zumbido no ouvido', 'tinnitus'], codes: ['H93.1'] },
  { terms: ['surdez', 'perda auditiva', 'hipoacusia'], codes: ['H91.9'] },
  {
    terms: ['epistaxe', 'sangramento nasal', 'sangramento no nariz', 'sangue pelo nariz'],
    codes: ['R04.0'],
  },

  // Infections and parasites
  {
    terms: ['dengue', 'dengue clássica', 'suspeita de dengue'],
    codes: ['A90', 'A91'],
  },
  { terms: ['dengue hemorrágica', 'dengue grave', 'FHD'], codes: ['A91'] },
  { terms: ['chikungunya', 'chikungunha', 'chicungunha'], codes: ['A92.0'] },
  { terms: ['zika', 'zika vírus'], codes: ['A92.8'] },
  { terms: ['febre amarela'], codes: ['A95.9'] },
  { terms: ['leptospirose'], codes: ['A27.9'] },
  { terms: ['virose', 'infecção viral', 'síndrome viral'], codes: ['B34.9'] },
  { terms: ['catapora', 'varicela'], codes: ['B01.9'] },
  { terms: ['cobreiro', 'herpes zoster', 'zoster'], codes: ['B02.9'] },
  { terms: ['herpes', 'herpes labial'], codes: ['B00.1', 'B00.9'] },
  { terms: ['herpes genital'], codes: ['A60.0'] },
  { terms: ['doença mão pé boca', 'mão pé boca'], codes: ['B08.4'] },
  { terms: ['HIV', 'AIDS', 'SIDA', 'soropositivo'], codes: ['B24', 'Z21'] },
  { terms: ['sífilis', 'lues'], codes: ['A53.9', 'A51.0'] },
  { terms: ['gonorreia', 'blenorragia'], codes: ['A54.9'] },
  { terms: ['clamídia', 'clamidíase'], codes: ['A56.0'] },
  { terms: ['tricomoníase', 'tricomonas'], codes: ['A59.0'] },
  { terms: ['condiloma', 'HPV', 'verruga genital'], codes: ['A63.0'] },
  { terms: ['DST', 'IST', 'doença sexualmente transmissível'], codes: ['A64'] },
  { terms: ['hepatite B'], codes: ['B16.9', 'B18.1'] },
  { terms: ['hepatite C'], codes: ['B18.2'] },
  {
    terms: ['verminose', 'parasitose', 'parasitose intestinal', 'vermes'],
    codes: ['B82.9', 'B77.9'],
  },
  { terms: ['giardíase', 'giárdia'], codes: ['A07.1'] },
  { terms: ['ameba', 'amebíase'], codes: ['A06.0'] },
  { terms: ['lombriga', 'ascaridíase', 'ascaris'], codes: ['B77.9'] },
  { terms: ['esquistossomose', 'barriga d água', 'xistose'], codes: ['B65.9'] },
  { terms: ['doença de Chagas', 'Chagas'], codes: ['B57.2'] },
  { terms: ['sarna', 'escabiose'], codes: ['B86'] },
  { terms: ['piolho', 'pediculose'], codes: ['B85.0'] },
  { terms: ['micose', 'micose de pele', 'tinea corporis', 'tinha'], codes: ['B35.4', 'B36.0'] },
  { terms: ['micose de unha', 'onicomicose', 'tinea unguium'], codes: ['B35.1'] },
  { terms: ['pé de atleta', 'frieira', 'tinea pedis'], codes: ['B35.3'] },
  { terms: ['pano branco', 'pitiríase versicolor'], codes: ['B36.0'] },
  { terms: ['sapinho', 'candidíase oral', 'monilíase oral'], codes: ['B37.0'] },
  {
    terms: ['candidíase', 'candidíase vaginal', 'candidíase vulvovaginal', 'monilíase vaginal'],
    codes: ['B37.3'],
  },
  { terms: ['infecção bacteriana'], codes: ['A49.9'] },
  { terms: ['caxumba', 'parotidite'], codes: ['B26.9'] },
  { terms: ['mononucleose', 'doença do beijo'], codes: ['B27.9'] },

  // Skin
  { terms: ['erisipela'], codes: ['A46'] },
  { terms: ['celulite', 'celulite infecciosa'], codes: ['L03.9'] },
  { terms: ['impetigo'], codes: ['L01.0'] },
  { terms: ['abscesso', 'furúnculo', 'furunculose', 'abscesso de pele'], codes: ['L02.9'] },
  { terms: ['unha encravada', 'onicocriptose'], codes: ['L60.0'] },
  { terms: ['acne', 'espinhas'], codes: ['L70.0'] },
  { terms: ['cisto sebáceo', 'cisto epidérmico'], codes: ['L72.0'] },
  { terms: ['eczema', 'dermatite'], codes: ['L30.9', 'L20.9'] },
  { terms: ['dermatite de contato'], codes: ['L25.9', 'L23.9'] },
  { terms: ['dermatite seborreica', 'caspa', 'seborreia'], codes: ['L21.9'] },
  { terms: ['assadura', 'dermatite de fralda'], codes: ['L22'] },
  { terms: ['coceira', 'prurido'], codes: ['L29.9'] },
  { terms: ['urticária', 'alergia de pele', 'vergões'], codes: ['L50.9', 'L50.0'] },
  { terms: ['psoríase'], codes: ['L40.0'] },
  { terms: ['calo', 'calosidade'], codes: ['L84'] },
  {
    terms: ['escara', 'úlcera de pressão', 'lesão por pressão', 'úlcera de decúbito'],
    codes: ['L89'],
  },
  { terms: ['úlcera varicosa', 'úlcera venosa', 'úlcera de perna'], codes: ['L97'] },
  { terms: ['queimadura solar', 'insolação de pele'], codes: ['L55.9'] },
  { terms: ['manchas na pele', 'exantema', 'erupção cutânea'], codes: ['R21'] },
  { terms: ['pinta', 'nevo', 'sinal na pele'], codes: ['D22.9'] },
  {
    // The official text says 'neoplasia maligna' where doctors say 'câncer' ('câncer de mama').
    terms: ['câncer', 'CA', 'tumor maligno'],
    codes: [],
    searchAs: 'neoplasia maligna',
  },
  { terms: ['câncer de mama', 'CA de mama'], codes: ['C50.9'] },
  { terms: ['câncer de próstata', 'CA de próstata'], codes: ['C61'] },
  { terms: ['câncer de pulmão', 'CA de pulmão'], codes: ['C34.9'] },
  { terms: ['câncer de colo de útero', 'câncer de colo uterino'], codes: ['C53.9'] },
  { terms: ['câncer de intestino', 'câncer de cólon', 'câncer colorretal'], codes: ['C18.9'] },
  { terms: ['câncer de estômago', 'câncer gástrico'], codes: ['C16.9'] },
  { terms: ['câncer de pele', 'carcinoma basocelular', 'CBC de pele'], codes: ['C44.9'] },
  { terms: ['lipoma'], codes: ['D17.9'] },

  // Musculoskeletal
  {
    terms: ['lombalgia', 'dor lombar', 'lumbago', 'dor nas costas', 'dor na coluna lombar'],
    codes: ['M54.5'],
    searchAs: 'dor lombar',
  },
  { terms: ['lombociatalgia', 'lombalgia com ciática'], codes: ['M54.4'] },
  { terms: ['ciática', 'ciatalgia', 'dor ciática'], codes: ['M54.3', 'M54.4'] },
  { terms: ['dor na coluna', 'dorsalgia'], codes: ['M54.9', 'M54.5'] },
  { terms: ['cervicalgia', 'dor no pescoço', 'dor cervical', 'torcicolo'], codes: ['M54.2'] },
  { terms: ['hérnia de disco', 'hérnia discal', 'discopatia'], codes: ['M51.1'] },
  { terms: ['radiculopatia'], codes: ['M54.1', 'M51.1'] },
  {
    terms: ['artrose', 'osteoartrose', 'osteoartrite', 'desgaste articular'],
    codes: ['M19.9', 'M17.9'],
  },
  { terms: ['artrose de joelho', 'gonartrose'], codes: ['M17.9'] },
  { terms: ['artrose de quadril', 'coxartrose'], codes: ['M16.9'] },
  { terms: ['artrite reumatoide', 'AR'], codes: ['M06.9'] },
  { terms: ['artrite'], codes: ['M13.9'] },
  { terms: ['gota', 'artrite gotosa', 'crise de gota'], codes: ['M10.9'] },
  { terms: ['lúpus', 'LES', 'lúpus eritematoso sistêmico'], codes: ['M32.9'] },
  { terms: ['fibromialgia'], codes: ['M79.7'] },
  { terms: ['dor muscular', 'mialgia'], codes: ['M79.1'] },
  {
    terms: ['artralgia', 'dor articular', 'dor nas juntas', 'dor no joelho'],
    codes: ['M25.5'],
  },
  { terms: ['dor na perna', 'dor no braço', 'dor em membro'], codes: ['M79.6'] },
  { terms: ['osteoporose'], codes: ['M81.9', 'M81.0'] },
  {
    terms: ['tendinite no ombro', 'lesão do manguito rotador', 'síndrome do impacto'],
    codes: ['M75.1'],
  },
  { terms: ['bursite', 'bursite no ombro'], codes: ['M75.5'] },
  { terms: ['ombro congelado', 'capsulite adesiva'], codes: ['M75.0'] },
  { terms: ['epicondilite', 'cotovelo de tenista'], codes: ['M77.1'] },
  {
    terms: ['fascite plantar', 'fasceíte plantar', 'esporão', 'esporão de calcâneo'],
    codes: ['M72.2'],
  },
  { terms: ['dedo em gatilho'], codes: ['M65.3'] },
  { terms: ['tenossinovite de De Quervain', 'De Quervain'], codes: ['M65.4'] },
  { terms: ['cisto sinovial', 'ganglion'], codes: ['M67.4'] },
  {
    terms: ['distensão muscular', 'estiramento muscular', 'contratura muscular'],
    codes: ['M62.6'],
  },
  { terms: ['câimbra', 'cãibra'], codes: ['R25.2'] },
  { terms: ['escoliose'], codes: ['M41.9'] },
  { terms: ['osteomielite'], codes: ['M86.9'] },

  // Kidney and urinary
  {
    terms: [
      'infecção urinária',
      'ITU',
      'infecção de urina',
      'infecção do trato urinário',
      'infecção urinária baixa',
    ],
    codes: ['N39.0', 'N30.0'],
    searchAs: 'infecção do trato urinário',
  },
  { terms: ['cistite'], codes: ['N30.0', 'N30.9'] },
  { terms: ['ITU na gravidez', 'infecção urinária na gestação'], codes: ['O23.4'] },
  { terms: ['pielonefrite', 'infecção urinária alta'], codes: ['N10'] },
  {
    terms: [
      'pedra no rim',
      'cálculo renal',
      'litíase renal',
      'nefrolitíase',
      'urolitíase',
      'litíase urinária',
    ],
    codes: ['N20.0', 'N20.9'],
    searchAs: 'calculose',
  },
  { terms: ['cólica renal', 'cólica nefrética'], codes: ['N23'] },
  {
    terms: ['insuficiência renal crônica', 'IRC', 'DRC', 'doença renal crônica'],
    codes: ['N18.9'],
  },
  {
    terms: ['insuficiência renal aguda', 'IRA', 'lesão renal aguda', 'LRA'],
    codes: ['N17.9'],
  },
  {
    terms: ['HPB', 'hiperplasia prostática', 'próstata aumentada', 'aumento da próstata'],
    codes: ['N40'],
  },
  { terms: ['prostatite'], codes: ['N41.0'] },
  { terms: ['incontinência urinária', 'perda de urina'], codes: ['R32', 'N39.3'] },
  {
    terms: ['disúria', 'ardência para urinar', 'ardor ao urinar', 'dor ao urinar'],
    codes: ['R30.0'],
  },
  { terms: ['hematúria', 'sangue na urina'], codes: ['R31'] },
  { terms: ['retenção urinária', 'bexigoma'], codes: ['R33'] },
  { terms: ['uretrite'], codes: ['N34.1'] },
  { terms: ['orquite', 'epididimite', 'orquiepididimite'], codes: ['N45.9'] },
  { terms: ['balanite', 'balanopostite'], codes: ['N48.1'] },
  { terms: ['fimose'], codes: ['N47'] },
  { terms: ['hidrocele'], codes: ['N43.3'] },

  // Women's health, pregnancy
  {
    terms: ['corrimento', 'corrimento vaginal', 'vaginose', 'vaginose bacteriana', 'vulvovaginite'],
    codes: ['N76.0', 'B37.3'],
  },
  { terms: ['TPM', 'tensão pré-menstrual'], codes: ['N94.3'] },
  { terms: ['cólica menstrual', 'dismenorreia'], codes: ['N94.6'] },
  { terms: ['menopausa', 'climatério', 'fogachos'], codes: ['N95.1'] },
  { terms: ['mioma', 'miomatose', 'mioma uterino'], codes: ['D25.9'] },
  { terms: ['endometriose'], codes: ['N80.9'] },
  { terms: ['cisto de ovário', 'cisto ovariano'], codes: ['N83.2'] },
  { terms: ['amenorreia', 'atraso menstrual'], codes: ['N91.2'] },
  { terms: ['menorragia', 'hipermenorreia', 'sangramento menstrual excessivo'], codes: ['N92.0'] },
  { terms: ['sangramento uterino anormal', 'sangramento vaginal'], codes: ['N93.9'] },
  { terms: ['DIP', 'doença inflamatória pélvica'], codes: ['N73.9'] },
  { terms: ['cervicite'], codes: ['N72'] },
  { terms: ['nódulo mamário', 'nódulo na mama', 'caroço na mama'], codes: ['N63'] },
  { terms: ['mastalgia', 'dor na mama', 'dor nas mamas'], codes: ['N64.4'] },
  { terms: ['infertilidade'], codes: ['N97.9'] },
  {
    terms: [
      'pré-natal',
      'prenatal',
      'gestante',
      'gravidez',
      'gestação',
      'acompanhamento pré-natal',
    ],
    codes: ['Z34.9', 'Z32.1', 'Z34.0'],
  },
  {
    terms: ['gravidez de alto risco', 'pré-natal de alto risco', 'gestação de alto risco'],
    codes: ['Z35.9'],
  },
  {
    terms: ['DHEG', 'hipertensão gestacional', 'hipertensão na gravidez'],
    codes: ['O13', 'O14.9'],
  },
  { terms: ['pré-eclâmpsia'], codes: ['O14.9'] },
  { terms: ['hiperêmese', 'vômitos na gravidez', 'hiperêmese gravídica'], codes: ['O21.0'] },
  { terms: ['aborto', 'abortamento', 'aborto espontâneo'], codes: ['O03.9'] },
  { terms: ['falso trabalho de parto', 'contrações de treinamento'], codes: ['O47.9'] },
  { terms: ['parto normal', 'parto'], codes: ['O80.9'] },
  {
    terms: ['puerpério', 'consulta puerperal', 'revisão pós-parto', 'pós-parto'],
    codes: ['Z39.2'],
  },
  {
    terms: ['anticoncepção', 'contracepção', 'planejamento familiar', 'anticoncepcional'],
    codes: ['Z30.0'],
  },
  {
    terms: ['preventivo', 'papanicolau', 'exame ginecológico', 'citopatológico'],
    codes: ['Z01.4'],
  },

  // Children, congenital
  { terms: ['puericultura', 'consulta de puericultura', 'criança sadia'], codes: ['Z00.1'] },
  { terms: ['prematuro', 'prematuridade', 'pré-termo'], codes: ['P07.3'] },
  { terms: ['icterícia neonatal', 'icterícia do recém-nascido'], codes: ['P59.9'] },
  { terms: ['síndrome de Down', 'trissomia 21', 'Down'], codes: ['Q90.9'] },
  { terms: ['criptorquidia', 'testículo não descido'], codes: ['Q53.9'] },

  // Injuries, poisoning, external causes
  {
    terms: ['TCE', 'trauma de crânio', 'traumatismo craniano', 'traumatismo cranioencefálico'],
    codes: ['S09.9', 'S06.0'],
    searchAs: 'traumatismo cabeça',
  },
  { terms: ['concussão', 'concussão cerebral'], codes: ['S06.0'] },
  {
    terms: ['entorse de tornozelo', 'torção do tornozelo', 'tornozelo torcido', 'torção de pé'],
    codes: ['S93.4'],
  },
  { terms: ['entorse de joelho', 'torção do joelho'], codes: ['S83.6'] },
  { terms: ['entorse de punho', 'torção do punho'], codes: ['S63.5'] },
  { terms: ['entorse de ombro'], codes: ['S43.4'] },
  { terms: ['entorse cervical', 'chicote cervical'], codes: ['S13.4'] },
  { terms: ['entorse lombar', 'lombalgia traumática'], codes: ['S33.5'] },
  { terms: ['fratura de punho', 'fratura de rádio distal', 'fratura de Colles'], codes: ['S52.5'] },
  {
    terms: ['fratura de fêmur', 'fratura de colo de fêmur', 'fratura de quadril'],
    codes: ['S72.0'],
  },
  { terms: ['fratura de perna', 'fratura de tíbia'], codes: ['S82.9'] },
  {
    terms: ['corte', 'ferimento', 'ferimento cortocontuso', 'FCC', 'laceração'],
    codes: ['T14.1'],
  },
  { terms: ['contusão', 'pancada', 'escoriação'], codes: ['T14.0'] },
  { terms: ['corpo estranho no olho', 'cisco no olho'], codes: ['T15.9'] },
  { terms: ['queimadura'], codes: ['T30.0'] },
  {
    terms: ['intoxicação', 'envenenamento', 'intoxicação medicamentosa', 'intoxicação exógena'],
    codes: ['T50.9'],
  },
  { terms: ['picada de cobra', 'acidente ofídico', 'mordida de cobra'], codes: ['T63.0'] },
  {
    terms: ['picada de inseto', 'picada de abelha', 'picada de vespa'],
    codes: ['T63.4'],
  },
  { terms: ['picada de escorpião', 'acidente escorpiônico'], codes: ['T63.2'] },
  { terms: ['picada de aranha', 'acidente com aranha', 'araneísmo'], codes: ['T63.3'] },
  {
    // The wound is the diagnosis; W54.9 (the cause) goes alongside it.
    terms: ['mordida de cachorro', 'mordedura de cão', 'mordida de cão'],
    codes: ['T14.1', 'W54.9'],
  },
  { terms: ['insolação', 'intermação', 'golpe de calor'], codes: ['T67.0'] },
  { terms: ['alergia', 'reação alérgica'], codes: ['T78.4'] },
  { terms: ['anafilaxia', 'choque anafilático', 'reação anafilática'], codes: ['T78.2'] },
  { terms: ['angioedema', 'edema de Quincke', 'edema de glote'], codes: ['T78.3'] },

  // Symptoms and general findings
  { terms: ['febre', 'febril', 'hipertermia', 'estado febril'], codes: ['R50.9'] },
  { terms: ['dor no peito', 'dor torácica', 'precordialgia'], codes: ['R07.4', 'R07.2'] },
  { terms: ['mal-estar', 'fadiga', 'cansaço', 'astenia', 'fraqueza'], codes: ['R53'] },
  { terms: ['perda de peso', 'emagrecimento'], codes: ['R63.4'] },
  { terms: ['falta de apetite', 'inapetência', 'anorexia'], codes: ['R63.0'] },
  { terms: ['inchaço', 'edema'], codes: ['R60.0'] },
  {
    terms: ['íngua', 'ínguas', 'linfonodomegalia', 'adenomegalia', 'gânglio aumentado'],
    codes: ['R59.9'],
  },
  { terms: ['caroço', 'carocinho'], codes: ['R22.9'] },
  {
    terms: ['caroço no pescoço', 'nódulo no pescoço', 'massa cervical', 'massa no pescoço'],
    codes: ['R22.1'],
  },
  { terms: ['icterícia', 'amarelão'], codes: ['R17'] },
  { terms: ['dificuldade para engolir', 'disfagia'], codes: ['R13'] },
  { terms: ['confusão mental', 'desorientação'], codes: ['R41.0'] },
  { terms: ['PA elevada', 'pressão elevada', 'pico hipertensivo'], codes: ['R03.0', 'I10'] },
  { terms: ['proteinúria'], codes: ['R80'] },
  { terms: ['dor crônica', 'dor generalizada'], codes: ['R52.9'] },

  // Reasons for a visit
  {
    terms: [
      'check-up',
      'checkup',
      'consulta de rotina',
      'exame de rotina',
      'exame periódico',
      'exame admissional',
      'exame demissional',
    ],
    codes: ['Z00.0'],
  },
  { terms: ['atestado', 'atestado médico'], codes: ['Z02.7'] },
  {
    terms: [
      'renovação de receita',
      'troca de receita',
      'receita de uso contínuo',
      'repetir receita',
    ],
    codes: ['Z76.0'],
  },
  { terms: ['alergia a penicilina'], codes: ['Z88.0'] },
  { terms: ['uso de tabaco'], codes: ['Z72.0'] },
  { terms: ['orientação nutricional', 'orientação dietética', 'dieta'], codes: ['Z71.3'] },
];
