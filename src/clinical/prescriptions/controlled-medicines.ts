import { foldForMatching } from '@shared/lib/text-folding';
import { findMedication } from '../medications/search';

/**
 * Medicines under special control in Brazil and the document a pharmacy needs for each:
 * Portaria SVS/MS 344/98 (lists A1–A3 narcotics and psychotropics, B1–B2 psychotropics and
 * anorectics, C1–C5 other controlled substances) and RDC 471/2021 (antimicrobials).
 *
 * The tables name well-known active ingredients, not the whole of the Portaria's annexes: an
 * unknown medicine is reported as not controlled. Brand names and abbreviations ('Rivotril',
 * 'Tramal', 'Bactrim', 'azitro', 'levo 500') are read as their generic through the medicine search
 * (docs/medicamentos.md).
 */

export const CONTROLLED_LISTS = [
  'A1',
  'A2',
  'A3',
  'B1',
  'B2',
  'C1',
  'C2',
  'C4',
  'C3',
  'C5',
  'antimicrobiano',
  'agonista_glp1',
] as const;
export type ControlledList = (typeof CONTROLLED_LISTS)[number];

/** Active ingredients by list, folded (lower case, no accents); salts are stripped first. */
const INGREDIENTS: Readonly<Record<ControlledList, readonly string[]>> = {
  // Entorpecentes.
  A1: [
    'morfina',
    'oxicodona',
    'metadona',
    'fentanil',
    'fentanila',
    'petidina',
    'meperidina',
    'hidromorfona',
    'hidrocodona',
    'buprenorfina',
    'tapentadol',
    'alfentanila',
    'sufentanila',
    'remifentanila',
  ],
  // Entorpecentes de uso permitido em concentrações especiais.
  A2: ['codeina', 'di-hidrocodeina', 'diidrocodeina', 'tramadol', 'nalbufina'],
  // Psicotrópicos (estimulantes).
  A3: ['metilfenidato', 'lisdexanfetamina', 'dexanfetamina', 'anfetamina'],
  // Psicotrópicos: benzodiazepínicos, hipnóticos "Z", barbitúricos.
  B1: [
    'diazepam',
    'clonazepam',
    'alprazolam',
    'lorazepam',
    'bromazepam',
    'midazolam',
    'nitrazepam',
    'flunitrazepam',
    'clobazam',
    'cloxazolam',
    'clordiazepoxido',
    'estazolam',
    'flurazepam',
    'zolpidem',
    'zopiclona',
    'eszopiclona',
    'fenobarbital',
  ],
  // Psicotrópicos anorexígenos.
  B2: ['sibutramina', 'anfepramona', 'femproporex', 'mazindol'],
  // Outras substâncias sujeitas a controle especial.
  C1: [
    // Antidepressivos.
    'fluoxetina',
    'sertralina',
    'escitalopram',
    'citalopram',
    'paroxetina',
    'fluvoxamina',
    'venlafaxina',
    'desvenlafaxina',
    'duloxetina',
    'bupropiona',
    'mirtazapina',
    'trazodona',
    'vortioxetina',
    'agomelatina',
    'amitriptilina',
    'nortriptilina',
    'imipramina',
    'clomipramina',
    // Anticonvulsivantes e estabilizadores do humor.
    'carbamazepina',
    'oxcarbazepina',
    'valproato',
    'divalproato',
    'acido valproico',
    'lamotrigina',
    'topiramato',
    'gabapentina',
    'pregabalina',
    'levetiracetam',
    'fenitoina',
    'primidona',
    'lacosamida',
    'vigabatrina',
    'litio',
    // Antipsicóticos.
    'quetiapina',
    'risperidona',
    'olanzapina',
    'haloperidol',
    'aripiprazol',
    'clozapina',
    'ziprasidona',
    'clorpromazina',
    'levomepromazina',
    'paliperidona',
    'lurasidona',
    'periciazina',
    'sulpirida',
    'amissulprida',
    // Outros.
    'biperideno',
    'dissulfiram',
    'naltrexona',
    'cetamina',
  ],
  // Retinoides de uso sistêmico.
  C2: ['isotretinoina', 'acitretina'],
  // Talidomida (Lei 10.651/2003, RDC 11/2011).
  C3: ['talidomida'],
  // Antirretrovirais.
  C4: [
    'zidovudina',
    'lamivudina',
    'tenofovir',
    'efavirenz',
    'dolutegravir',
    'raltegravir',
    'atazanavir',
    'darunavir',
    'ritonavir',
    'nevirapina',
    'abacavir',
  ],
  // Anabolizantes.
  C5: ['testosterona', 'nandrolona', 'oxandrolona', 'estanozolol', 'oximetolona'],
  // RDC 471/2021.
  antimicrobiano: [
    'amoxicilina',
    'ampicilina',
    'benzilpenicilina',
    'penicilina',
    'fenoximetilpenicilina',
    'oxacilina',
    'azitromicina',
    'claritromicina',
    'eritromicina',
    'cefalexina',
    'cefadroxila',
    'cefaclor',
    'cefuroxima',
    'cefazolina',
    'ceftriaxona',
    'cefepima',
    'cefixima',
    'ciprofloxacino',
    'levofloxacino',
    'moxifloxacino',
    'norfloxacino',
    'ofloxacino',
    'sulfametoxazol',
    'trimetoprima',
    'sulfadiazina',
    'doxiciclina',
    'minociclina',
    'tetraciclina',
    'clindamicina',
    'nitrofurantoina',
    'metronidazol',
    'secnidazol',
    'tinidazol',
    'fosfomicina',
    'linezolida',
    'vancomicina',
    'gentamicina',
    'amicacina',
    'rifampicina',
  ],
  // RDC 973/2025 and IN 360/2025: receita em duas vias, retida na farmácia, válida por 90 dias.
  agonista_glp1: ['semaglutida', 'liraglutida', 'dulaglutida', 'tirzepatida', 'lixisenatida'],
};

/** The most restrictive list wins for a combination ('paracetamol + codeína' is A2). */
const PRECEDENCE: readonly ControlledList[] = [
  'A1',
  'A2',
  'A3',
  'B1',
  'B2',
  'C2',
  'C3',
  'C1',
  'C4',
  'C5',
  'antimicrobiano',
  'agonista_glp1',
];

const LIST_OF_INGREDIENT = new Map<string, ControlledList>(
  CONTROLLED_LISTS.flatMap((list) =>
    INGREDIENTS[list].map((term) => [foldForMatching(term), list] as const),
  ),
);

/**
 * Salt and form words a name may open with ('cloridrato de sertralina', 'carbonato de lítio',
 * 'valproato de sódio' keeps 'valproato'); dropped before the ingredient is read.
 */
const LEADING_SALT =
  /^(?:cloridrato|dicloridrato|bromidrato|sulfato|carbonato|citrato|maleato|hemifumarato|fumarato|oxalato|tartarato|hemitartarato|dimesilato|mesilato|besilato|succinato|fosfato|acetato|cipionato|undecilato|propionato|decanoato|enantato|pamoato|benzoato|dipropionato)(?: de)? /;

/** The parts of a combination: 'paracetamol + codeína', 'amoxicilina com clavulanato'. */
function ingredientsOf(name: string): string[] {
  return name
    .split(/\s*\+\s*|\s+com\s+|\s+e\s+|\s*\/\s*(?=\p{L})/u)
    .map((part) => foldForMatching(part).replace(LEADING_SALT, ''))
    .filter((part) => part !== '');
}

/** The list of one ingredient, matched at the start of its words ('sertralina 50 mg'). */
function listOfIngredient(part: string): ControlledList | undefined {
  const words = part.split(' ');
  // Two-word ingredients first ('acido valproico'), then one word.
  for (const length of [3, 2, 1]) {
    const list = LIST_OF_INGREDIENT.get(words.slice(0, length).join(' '));
    if (list) return list;
  }
  return undefined;
}

function mostRestrictive(
  lists: readonly (ControlledList | undefined)[],
): ControlledList | undefined {
  return PRECEDENCE.find((list) => lists.includes(list));
}

/**
 * The control list a medicine falls under, or undefined when it needs no special prescription.
 * Accent- and case-insensitive; the active ingredient must open the name or one part of a
 * combination ('Sertralina 50 mg', 'Cloridrato de sertralina', 'Paracetamol + codeína'); a
 * brand name or an abbreviation is read as its generic ('Rivotril' → clonazepam, B1; 'Levo' with
 * 500 mg → levofloxacino, an antimicrobial; with 50 mcg → levotiroxina, none).
 * @param name - the medicine as prescribed
 * @param dosage - its dosage, when written apart: it tells which medicine an abbreviation is
 */
export function controlledList(name: string, dosage?: string): ControlledList | undefined {
  const generic = findMedication(name, dosage)?.name;
  const names = generic === undefined ? [name] : [name, generic];
  return mostRestrictive(names.flatMap((each) => ingredientsOf(each).map(listOfIngredient)));
}

/**
 * Whether a medicine needs more than an ordinary receita: any list of Portaria 344/98 or an
 * antimicrobial.
 * @param name - the medicine as prescribed
 * @param dosage - its dosage, when written apart
 */
export function requiresSpecialPrescription(name: string, dosage?: string): boolean {
  return controlledList(name, dosage) !== undefined;
}

export type SpecialPrescriptionDocument =
  | 'Receituário de Controle Especial'
  | 'Receita de Antimicrobiano'
  | 'Receita de Agonista de GLP-1'
  | 'Notificação de Receita A'
  | 'Notificação de Receita B'
  | 'Notificação de Receita B2'
  | 'Notificação de Receita Especial para Retinoides'
  | 'Notificação de Receita de Talidomida';

export interface SpecialPrescription {
  list: ControlledList;
  document: SpecialPrescriptionDocument;
  /** Colour of the official form: yellow (A), blue (B), white (the others). */
  color: 'amarela' | 'azul' | 'branca';
  /**
   * The copies to print, each labelled; empty when the document is an official numbered form
   * ({@link SpecialPrescription.officialForm}) that Prontu cannot print.
   */
  copies: string[];
  /**
   * The document must be the numbered form issued or authorised by the Vigilância Sanitária
   * (notifications): a receita printed by Prontu does not replace it.
   */
  officialForm: boolean;
  /** Days the pharmacy may dispense from it, counted from the date it was written. */
  validDays: number;
  /** What the doctor should know, in one sentence. */
  notice: string;
  /** An official form that must go with the printed receita (B1: the Notificação de Receita B). */
  alsoRequires?: SpecialPrescriptionDocument;
}

export const CONTROL_COPIES = ['1ª via — Farmácia', '2ª via — Paciente'] as const;

function controlledReceita(
  list: ControlledList,
  validDays: number,
  notice: string,
): SpecialPrescription {
  return {
    list,
    document: 'Receituário de Controle Especial',
    color: 'branca',
    copies: [...CONTROL_COPIES],
    officialForm: false,
    validDays,
    notice,
  };
}

function notification(
  list: ControlledList,
  document: SpecialPrescriptionDocument,
  color: SpecialPrescription['color'],
  notice: string,
): SpecialPrescription {
  return { list, document, color, copies: [], officialForm: true, validDays: 30, notice };
}

const TWO_COPIES_NOTICE =
  'Receituário de Controle Especial em duas vias: a 1ª via fica retida na farmácia e a 2ª via é devolvida ao paciente.';

/**
 * A2 adendo of Portaria 344/98: tramadol up to 100 mg per unit, and codeína or di-hidrocodeína
 * combined with other ingredients up to 100 mg per unit, go on a Receituário de Controle Especial
 * in two copies instead of the yellow Notificação de Receita A. Brazilian presentations of both
 * are all under the limit (tramadol 50 and 100 mg, codeína 30 mg), so a dose that is not written
 * counts as within it.
 */
function isA2Addendum(name: string, dosage: string | undefined): boolean {
  const parts = ingredientsOf(findMedication(name, dosage)?.name ?? name);
  if (parts.length > 1) {
    return parts.some((part) => /^(?:tramadol|codeina|di hidrocodeina|diidrocodeina)\b/.test(part));
  }
  if (!parts[0]?.startsWith('tramadol')) return false;
  // Tramadol alone: the largest mass written is the amount per unit ('100 mg', '50mg').
  const masses = [...`${name} ${dosage ?? ''}`.matchAll(/(\d+(?:[.,]\d+)?)\s*mg\b/gi)].map(
    (match) => Number((match[1] ?? '0').replace(',', '.')),
  );
  return masses.every((mass) => mass <= 100);
}

/**
 * The document a pharmacy needs to dispense the medicine, or undefined for an ordinary receita:
 * - lists C1, C4, C5: 'Receituário de Controle Especial', printed in two copies ('1ª via —
 *   Farmácia', '2ª via — Paciente'), valid 30 days;
 * - antimicrobials (RDC 471/2021): a 'Receita de Antimicrobiano' of their own, in the same two
 *   copies, with the patient's age and sex, valid 10 days;
 * - B1: the Receituário de Controle Especial in two vias, plus the blue Notificação de Receita B
 *   (`alsoRequires`); B2 (anorexígenos): 'Notificação de Receita B2';
 * - A1, A2, A3: 'Notificação de Receita A' (yellow), except the A2 addendum (tramadol, codeína in
 *   combination, up to 100 mg per unit), which goes on the two-copy Receituário de Controle
 *   Especial;
 * - C2 (isotretinoína, acitretina): 'Notificação de Receita Especial para Retinoides' (white),
 *   with the patient's signed consent form.
 * Notifications are numbered forms from the Vigilância Sanitária: they come back with no copies
 * to print and `officialForm` set.
 * @param name - the medicine as prescribed
 * @param dosage - its dosage ('50 mg'), read for the A2 addendum and for an abbreviation ('Levo')
 */
export function specialPrescriptionKind(
  name: string,
  dosage?: string,
): SpecialPrescription | undefined {
  const list = controlledList(name, dosage);
  switch (list) {
    case undefined:
      return undefined;
    case 'antimicrobiano':
      // RDC 471/2021 sets no model of its own, but an antimicrobial never shares a receita with
      // a medicine of Portaria 344/98: a document of its own keeps them on separate sheets.
      return {
        ...controlledReceita(
          list,
          10,
          'Antimicrobiano (RDC 471/2021): receita em duas vias, com idade e sexo do paciente, válida por 10 dias; a 1ª via fica retida na farmácia.',
        ),
        document: 'Receita de Antimicrobiano',
      };
    case 'agonista_glp1':
      return {
        ...controlledReceita(
          list,
          90,
          'Agonista de GLP-1 (RDC 973/2025): receita em duas vias, com idade e sexo do paciente, válida por 90 dias; a 1ª via fica retida na farmácia.',
        ),
        document: 'Receita de Agonista de GLP-1',
      };
    case 'C1':
    case 'C4':
    case 'C5':
      return controlledReceita(list, 30, TWO_COPIES_NOTICE);
    case 'C3':
      return {
        ...notification(
          list,
          'Notificação de Receita de Talidomida',
          'branca',
          'Talidomida: exige a Notificação de Receita de Talidomida, de talonário numerado da Vigilância Sanitária, e o termo de responsabilidade e esclarecimento.',
        ),
        validDays: 20,
      };
    case 'C2':
      return notification(
        list,
        'Notificação de Receita Especial para Retinoides',
        'branca',
        'Retinoide sistêmico: exige a Notificação de Receita Especial numerada e o termo de consentimento assinado pelo paciente.',
      );
    case 'B1':
      // B1 prints on the Receituário de Controle Especial in two vias, and the doctor is told the
      // pharmacy will also retain the blue Notificação de Receita B.
      return {
        ...controlledReceita(
          list,
          30,
          'Lista B1: a farmácia exige também a Notificação de Receita B (azul), de talonário numerado autorizado pela Vigilância Sanitária, que acompanha esta receita.',
        ),
        alsoRequires: 'Notificação de Receita B',
      };
    case 'B2':
      return notification(
        list,
        'Notificação de Receita B2',
        'azul',
        'Anorexígeno: exige a Notificação de Receita B2 (azul), de talonário numerado autorizado pela Vigilância Sanitária, com o termo de responsabilidade do prescritor.',
      );
    case 'A1':
    case 'A2':
    case 'A3':
      if (list === 'A2' && isA2Addendum(name, dosage)) {
        return controlledReceita(list, 30, TWO_COPIES_NOTICE);
      }
      return notification(
        list,
        'Notificação de Receita A',
        'amarela',
        'Exige a Notificação de Receita A (amarela), de talonário numerado fornecido pela Vigilância Sanitária; a farmácia retém a notificação.',
      );
  }
}
