import type { SafetySeverity } from '@shared/prescriptions/safety-warnings';

/*
 * What the prescribing safety check (safety-check.ts) knows about a patient's state: medicines to
 * avoid in pregnancy and limits by creatinine clearance. Medicines are named by their generic
 * name in the catalogue, or by the catalogue's `drugClass`; the tests check every one exists.
 */

/** The medicines a rule is about: by generic name, by the catalogue's class, or both. */
export interface MedicineSelector {
  names?: readonly string[];
  classes?: readonly string[];
}

/** A medicine to avoid, or to use with care, in pregnancy. */
export interface PregnancyRule extends MedicineSelector {
  severity: SafetySeverity;
  message: string;
  reference: string;
}

const LABEL = 'Bula (ANVISA)';

export const PREGNANCY_RULES: readonly PregnancyRule[] = [
  {
    classes: ['ieca', 'bra'],
    severity: 'contraindicado',
    message:
      'IECA e BRA na gestação causam lesão renal e malformações fetais: suspenda e troque por metildopa, nifedipino ou hidralazina.',
    reference: `${LABEL}; FEBRASGO, Hipertensão na gestação (2021)`,
  },
  {
    names: ['varfarina'],
    severity: 'contraindicado',
    message:
      'Varfarina na gestação causa embriopatia e sangramento fetal: troque por heparina de baixo peso molecular.',
    reference: `${LABEL} da varfarina; ACOG Practice Bulletin 196 (2018)`,
  },
  {
    names: ['dabigatrana', 'rivaroxabana'],
    severity: 'grave',
    message:
      'Anticoagulante oral direto sem segurança na gestação: use heparina de baixo peso molecular.',
    reference: `${LABEL}; ACOG Practice Bulletin 196 (2018)`,
  },
  {
    classes: ['estatina'],
    severity: 'contraindicado',
    message: 'Estatinas são contraindicadas na gestação pela bula: suspenda durante a gravidez.',
    reference: `${LABEL} das estatinas`,
  },
  {
    names: ['isotretinoína'],
    severity: 'contraindicado',
    message:
      'Isotretinoína é teratogênica (malformações graves): contraindicada na gestação; suspenda.',
    reference: `${LABEL} da isotretinoína; RDC 344/98 (lista C2)`,
  },
  {
    names: ['misoprostol'],
    severity: 'contraindicado',
    message:
      'Misoprostol provoca contrações e aborto: contraindicado na gestação fora do uso obstétrico hospitalar.',
    reference: `${LABEL} do misoprostol`,
  },
  {
    names: ['metotrexato'],
    severity: 'contraindicado',
    message: 'Metotrexato é abortivo e teratogênico: contraindicado na gestação.',
    reference: `${LABEL} do metotrexato`,
  },
  {
    names: ['ácido valproico', 'divalproato de sódio'],
    severity: 'grave',
    message:
      'Valproato na gestação causa malformações e prejuízo do neurodesenvolvimento: evite; se indispensável, decida com o neurologista.',
    reference: 'EMA PRAC (2018), valproato na gestação; bula do valproato (ANVISA)',
  },
  {
    names: ['carbamazepina', 'fenitoína', 'fenobarbital', 'topiramato'],
    severity: 'grave',
    message:
      'Anticonvulsivante teratogênico: avalie com o neurologista a troca (ex.: lamotrigina, levetiracetam) e prescreva ácido fólico.',
    reference: 'ILAE/AAN, Management issues for women with epilepsy (2009)',
  },
  {
    names: ['carbonato de lítio'],
    severity: 'grave',
    message:
      'Lítio no 1º trimestre associa-se a cardiopatia fetal (anomalia de Ebstein): decida com o psiquiatra e monitore a litemia.',
    reference: `${LABEL} do carbonato de lítio`,
  },
  {
    classes: ['tetraciclina'],
    severity: 'grave',
    message:
      'Tetraciclinas após a 15ª semana mancham dentes e afetam ossos do feto: evite na gestação.',
    reference: `${LABEL} da doxiciclina`,
  },
  {
    classes: ['aminoglicosídeo'],
    severity: 'grave',
    message: 'Aminoglicosídeo na gestação pode causar surdez fetal: evite, salvo sem alternativa.',
    reference: `${LABEL} da gentamicina`,
  },
  {
    classes: ['aine'],
    severity: 'grave',
    message:
      'AINEs a partir de 20 semanas reduzem o líquido amniótico e podem fechar o canal arterial: evite; prefira paracetamol.',
    reference: 'FDA Drug Safety Communication (2020): AINEs a partir de 20 semanas de gestação',
  },
  {
    classes: ['quinolona'],
    severity: 'moderado',
    message: 'Quinolonas não são de escolha na gestação: prefira outro antibiótico.',
    reference: 'Ministério da Saúde, Gestação de Alto Risco (2022)',
  },
  {
    names: ['sulfametoxazol + trimetoprima'],
    severity: 'moderado',
    message:
      'Sulfametoxazol + trimetoprima antagoniza o folato no 1º trimestre e arrisca kernicterus perto do parto: evite nessas fases.',
    reference: 'Ministério da Saúde, Gestação de Alto Risco (2022)',
  },
  {
    names: ['amiodarona'],
    severity: 'grave',
    message:
      'Amiodarona na gestação causa hipotireoidismo e bradicardia fetais: reserve para arritmia grave sem alternativa.',
    reference: `${LABEL} da amiodarona`,
  },
  {
    names: ['finasterida', 'testosterona', 'tamoxifeno', 'clomifeno', 'tibolona', 'sibutramina'],
    severity: 'contraindicado',
    message: 'Contraindicado na gestação pela bula: suspenda.',
    reference: LABEL,
  },
  {
    names: ['metimazol'],
    severity: 'moderado',
    message:
      'Metimazol no 1º trimestre associa-se a malformações: nesse período prefira propiltiouracil.',
    reference: 'American Thyroid Association, gestação e pós-parto (2017)',
  },
  {
    names: ['espironolactona'],
    severity: 'moderado',
    message:
      'Espironolactona tem efeito antiandrogênico sobre o feto masculino: evite na gestação.',
    reference: `${LABEL} da espironolactona`,
  },
  {
    classes: ['agonista de GLP-1', 'inibidor de SGLT2', 'inibidor de DPP-4'],
    names: ['pioglitazona', 'glibenclamida', 'glimepirida', 'gliclazida'],
    severity: 'moderado',
    message:
      'Antidiabético oral ou injetável sem segurança estabelecida na gestação: prefira insulina (metformina em casos selecionados).',
    reference: 'Diretriz da Sociedade Brasileira de Diabetes, Diabetes na gestação (2024)',
  },
  {
    names: ['albendazol', 'mebendazol'],
    severity: 'moderado',
    message: 'Anti-helmíntico contraindicado no 1º trimestre: adie para depois dele ou do parto.',
    reference: LABEL,
  },
];

/** A limit by creatinine clearance (Cockcroft-Gault, mL/min). */
export interface RenalRule extends MedicineSelector {
  /** The rule applies below this clearance. */
  below: number;
  severity: SafetySeverity;
  message: string;
  reference: string;
}

const BEERS = 'Critérios de Beers 2023 (AGS), ajuste pela função renal';

/**
 * Where a medicine has several limits, the lowest clearance the patient is under is the one said
 * (metformina: under 30 contraindicated, 30 to 45 at most 1 g a day).
 */
export const RENAL_RULES: readonly RenalRule[] = [
  {
    names: ['metformina'],
    below: 30,
    severity: 'contraindicado',
    message: 'Metformina com ClCr abaixo de 30 mL/min: risco de acidose lática; suspenda.',
    reference: 'FDA Drug Safety Communication (2016), metformina e função renal',
  },
  {
    names: ['metformina'],
    below: 45,
    severity: 'moderado',
    message:
      'Metformina com ClCr entre 30 e 45 mL/min: não inicie; se já em uso, no máximo 1.000 mg por dia.',
    reference: 'FDA Drug Safety Communication (2016), metformina e função renal',
  },
  {
    names: ['nitrofurantoína'],
    below: 30,
    severity: 'contraindicado',
    message:
      'Nitrofurantoína com ClCr abaixo de 30 mL/min não atinge a urina e acumula (neuropatia): use outro antibiótico.',
    reference: BEERS,
  },
  {
    names: ['nitrofurantoína'],
    below: 60,
    severity: 'moderado',
    message:
      'Nitrofurantoína com ClCr abaixo de 60 mL/min: a bula a contraindica; Beers 2023 aceita curso curto acima de 30 mL/min.',
    reference: `${LABEL} da nitrofurantoína; ${BEERS}`,
  },
  {
    classes: ['aine'],
    below: 30,
    severity: 'grave',
    message:
      'AINE com ClCr abaixo de 30 mL/min piora a função renal e eleva o potássio: evite; prefira paracetamol.',
    reference: `${BEERS}; KDIGO 2024`,
  },
  {
    names: ['espironolactona', 'amilorida + hidroclorotiazida', 'cloreto de potássio'],
    below: 30,
    severity: 'grave',
    message:
      'Poupador de potássio ou potássio com ClCr abaixo de 30 mL/min: risco de hiperpotassemia grave; evite.',
    reference: BEERS,
  },
  {
    names: ['dabigatrana'],
    below: 30,
    severity: 'contraindicado',
    message:
      'Dabigatrana com ClCr abaixo de 30 mL/min é contraindicada: acumula e causa sangramento.',
    reference: `${LABEL} da dabigatrana`,
  },
  {
    names: ['dabigatrana'],
    below: 50,
    severity: 'moderado',
    message:
      'Dabigatrana com ClCr de 30 a 50 mL/min: considere 110 mg de 12/12h e monitore sangramento.',
    reference: `${LABEL} da dabigatrana`,
  },
  {
    names: ['rivaroxabana'],
    below: 15,
    severity: 'contraindicado',
    message: 'Rivaroxabana com ClCr abaixo de 15 mL/min é contraindicada.',
    reference: `${LABEL} da rivaroxabana`,
  },
  {
    names: ['rivaroxabana'],
    below: 50,
    severity: 'moderado',
    message: 'Rivaroxabana com ClCr de 15 a 50 mL/min: na fibrilação atrial, 15 mg uma vez ao dia.',
    reference: `${LABEL} da rivaroxabana`,
  },
  {
    names: ['enoxaparina'],
    below: 30,
    severity: 'grave',
    message:
      'Enoxaparina com ClCr abaixo de 30 mL/min acumula: 1 mg/kg uma vez ao dia (tratamento) ou 20 mg ao dia (profilaxia).',
    reference: `${LABEL} da enoxaparina`,
  },
  {
    names: ['gabapentina', 'pregabalina'],
    below: 60,
    severity: 'moderado',
    message:
      'Gabapentinoide com ClCr abaixo de 60 mL/min acumula (sedação, quedas): reduza a dose conforme a bula.',
    reference: BEERS,
  },
  {
    names: ['colchicina'],
    below: 30,
    severity: 'grave',
    message:
      'Colchicina com ClCr abaixo de 30 mL/min: no máximo 0,5 mg por dia, sem repetir o curso em 14 dias.',
    reference: `${BEERS}; bula da colchicina`,
  },
  {
    names: ['carbonato de lítio'],
    below: 30,
    severity: 'contraindicado',
    message: 'Lítio com ClCr abaixo de 30 mL/min: risco de intoxicação; evite.',
    reference: `${LABEL} do carbonato de lítio`,
  },
  {
    names: ['carbonato de lítio'],
    below: 60,
    severity: 'grave',
    message: 'Lítio com função renal reduzida: reduza a dose e monitore a litemia de perto.',
    reference: `${LABEL} do carbonato de lítio`,
  },
  {
    names: ['glibenclamida'],
    below: 60,
    severity: 'grave',
    message:
      'Glibenclamida com ClCr abaixo de 60 mL/min causa hipoglicemia prolongada: prefira gliclazida ou uma gliptina.',
    reference: 'Diretriz da Sociedade Brasileira de Diabetes (2024), doença renal crônica',
  },
  {
    names: ['sitagliptina'],
    below: 45,
    severity: 'moderado',
    message: 'Sitagliptina com ClCr abaixo de 45 mL/min: 50 mg ao dia (25 mg abaixo de 30).',
    reference: `${LABEL} da sitagliptina`,
  },
  {
    names: ['vildagliptina'],
    below: 50,
    severity: 'moderado',
    message: 'Vildagliptina com ClCr abaixo de 50 mL/min: no máximo 50 mg por dia.',
    reference: `${LABEL} da vildagliptina`,
  },
  {
    classes: ['inibidor de SGLT2'],
    below: 20,
    severity: 'moderado',
    message:
      'Inibidor de SGLT2 com ClCr abaixo de 20 mL/min não reduz a glicemia: não inicie para esse fim.',
    reference: `${LABEL}; KDIGO 2022, diabetes na doença renal crônica`,
  },
  {
    names: ['tramadol'],
    below: 30,
    severity: 'moderado',
    message: 'Tramadol com ClCr abaixo de 30 mL/min: de 12/12h, no máximo 200 mg por dia.',
    reference: BEERS,
  },
  {
    names: ['morfina', 'codeína'],
    below: 30,
    severity: 'grave',
    message:
      'Morfina e codeína com ClCr abaixo de 30 mL/min acumulam metabólitos ativos: reduza a dose ou prefira outro analgésico.',
    reference: 'KDIGO; Stockley’s Drug Interactions — opioides na insuficiência renal',
  },
  {
    names: ['aciclovir', 'valaciclovir'],
    below: 50,
    severity: 'moderado',
    message:
      'Antiviral com ClCr abaixo de 50 mL/min: ajuste a dose pela bula (risco de neurotoxicidade).',
    reference: `${LABEL} do aciclovir e do valaciclovir`,
  },
  {
    names: ['ciprofloxacino', 'levofloxacino', 'norfloxacino'],
    below: 50,
    severity: 'moderado',
    message: 'Quinolona com ClCr abaixo de 50 mL/min: aumente o intervalo ou reduza a dose.',
    reference: LABEL,
  },
  {
    names: ['sulfametoxazol + trimetoprima'],
    below: 15,
    severity: 'contraindicado',
    message: 'Sulfametoxazol + trimetoprima com ClCr abaixo de 15 mL/min: não use.',
    reference: BEERS,
  },
  {
    names: ['sulfametoxazol + trimetoprima'],
    below: 30,
    severity: 'grave',
    message:
      'Sulfametoxazol + trimetoprima com ClCr de 15 a 30 mL/min: metade da dose; monitore o potássio.',
    reference: BEERS,
  },
  {
    names: ['amoxicilina', 'amoxicilina + clavulanato', 'cefalexina'],
    below: 30,
    severity: 'moderado',
    message:
      'Com ClCr abaixo de 30 mL/min, espace as doses (12/12h); não use a amoxicilina 875 mg.',
    reference: LABEL,
  },
  {
    names: ['metotrexato'],
    below: 30,
    severity: 'contraindicado',
    message: 'Metotrexato com ClCr abaixo de 30 mL/min é contraindicado (toxicidade medular).',
    reference: `${LABEL} do metotrexato`,
  },
  {
    names: ['metotrexato'],
    below: 60,
    severity: 'grave',
    message: 'Metotrexato com ClCr abaixo de 60 mL/min: reduza a dose pela metade e monitore.',
    reference: `${LABEL} do metotrexato`,
  },
  {
    names: ['alendronato'],
    below: 35,
    severity: 'grave',
    message: 'Alendronato com ClCr abaixo de 35 mL/min não é recomendado.',
    reference: `${LABEL} do alendronato`,
  },
  {
    names: ['risedronato'],
    below: 30,
    severity: 'grave',
    message: 'Risedronato com ClCr abaixo de 30 mL/min não é recomendado.',
    reference: `${LABEL} do risedronato`,
  },
  {
    names: ['alopurinol'],
    below: 60,
    severity: 'moderado',
    message:
      'Alopurinol com função renal reduzida: comece com no máximo 100 mg por dia (50 mg abaixo de 30) e ajuste.',
    reference: 'American College of Rheumatology, gota (2020)',
  },
  {
    names: ['fenazopiridina'],
    below: 50,
    severity: 'contraindicado',
    message: 'Fenazopiridina é contraindicada com função renal reduzida.',
    reference: `${LABEL} da fenazopiridina`,
  },
  {
    // Not clortalidona, which still lowers the pressure in stage 4 (CLICK, NEJM 2021).
    names: ['hidroclorotiazida', 'indapamida'],
    below: 30,
    severity: 'moderado',
    message: 'Tiazídico com ClCr abaixo de 30 mL/min perde o efeito: prefira diurético de alça.',
    reference: 'KDIGO 2021, pressão arterial na doença renal crônica',
  },
];
