import { formatClinic, formatCrm, type DoctorSettings } from '../account/doctor-settings';
import { posologySentence } from './posology';
import {
  groupMedicationsByRoute,
  type Prescription,
  type PrescriptionMedication,
  type ReceitaPrintInput,
} from './prescription';
import { parseISO } from 'date-fns';
import type { ReceitaClass } from './receita-class';
import { capitalizeFirst, formatDate, formatLongDate, formatTime } from '../lib/pt-br-format';
import { groupPrescriptionsByPatient, patientKey } from './receita-print-selection';
import { agreeWithPatient } from '../patients/agreement';
import { doctorTemplateValues, fillTemplate } from '../records/templates';
import { fileNameSlug } from '../lib/text-folding';
import { localDay } from '../lib/local-day';
import type { ReceitaLifeCycle } from '../api/prescriptions';
import type { Gender } from '../records/medical-record';
import type { SafetyReason } from './safety-warnings';
import { SEX_LABELS } from '../patients/display';

/**
 * The printed receita (CFM rules, Portaria SVS/MS 344/98): which sheets a prescription prints,
 * what each sheet says, word for word, and how sheets share an A4 page. The web view, the print
 * stylesheet and the PDF all draw from this one model, so paper and file say the same thing.
 */

/**
 * How the server marks a medicine under special control: its Portaria 344/98 list ('C1', 'B1'),
 * the document a pharmacy requires, and the copies Prontu prints (none when the document is an
 * official numbered form the doctor fills by hand, such as the Notificação de Receita B).
 */
export interface MedicationControl {
  list: string;
  document: string;
  copies: string[];
  /** Days the pharmacy may dispense from it, printed on the sheet; unknown on older marks. */
  validDays?: number | undefined;
  /** An official form that must go with the printed receita (B1: the Notificação de Receita B). */
  alsoRequires?: string | undefined;
}

/**
 * A medicine as a receita reads it: the prescription's medicine plus the server's marks, its
 * control document and, for a brand or an abbreviation, its generic name (DCB).
 */
export type ReceitaMedication = Pick<PrescriptionMedication, 'name'> &
  Partial<
    Pick<
      PrescriptionMedication,
      | 'dosage'
      | 'dosePerIntake'
      | 'frequency'
      | 'duration'
      | 'instructions'
      | 'quantity'
      | 'dispenseQuantity'
      | 'route'
    >
  > & { control?: MedicationControl | undefined; genericName?: string | undefined };

/** The fields of a prescription a receita prints. */
export type ReceitaPrescription = Pick<
  Prescription,
  'id' | 'patientName' | 'patientAge' | 'diagnosis' | 'notes' | 'date'
> & {
  /** Her chart, where the server reads what the receita leaves out (sex, address). */
  patientId?: string | undefined;
  /** Raised by each write on the server; absent on a receita only this browser has. */
  version?: number | undefined;
  /** Issued (finalised); a draft is issued before it leaves Prontu. */
  isFinalized?: boolean | undefined;
  /** The visit whose receita it is, and the issued receita it corrects, if any. */
  recordId?: string | undefined;
  replacesId?: string | undefined;
  /** Once finalised: its validation address and code, its signature or its cancellation. */
  validation?: ReceitaLifeCycle['validation'];
  signedAt?: ReceitaLifeCycle['signedAt'];
  cancellation?: ReceitaLifeCycle['cancellation'];
  /** Its kind under RDC 1.000/2025, as the server classed it (shared/prescriptions/receita-class.ts). */
  receitaClass?: ReceitaClass | undefined;
  patientAddress?: string | undefined;
  /** Printed on a receita de antimicrobiano; a blank to fill by hand when not known. */
  patientSex?: Gender | undefined;
  /** Her CPF or passport as printed ('CPF: 111.444.777-35'), from her chart. */
  patientDocument?: string | undefined;
  /**
   * From a visit held at a distance (CFM 2.314/2022): when the patient's consent to it was
   * recorded, and the receita says so.
   */
  teleconsultaConsentAt?: string | undefined;
  /**
   * A receita of a kind valid electronically only with the SNCR's number (shared/prescriptions/receita-class.ts):
   * printed as a paper form to sign by hand, saying so.
   */
  paperOnly?: boolean | undefined;
  medications: readonly ReceitaMedication[];
  /** The doctor's reasons to issue it through grave safety warnings; never printed. */
  safetyReasons?: readonly SafetyReason[] | undefined;
};

/**
 * The doctor's settings a receita reads; `rqe` prints when given (specialists), and the clinic
 * with its CNES when set.
 */
export type ReceitaSettings = Pick<
  DoctorSettings,
  | 'name'
  | 'prescriptionName'
  | 'prescriptionText'
  | 'prescriptionTemplate'
  | 'medicalRecordOutput'
  | 'crm'
  | 'crmState'
  | 'clinicAddress'
  | 'clinicPhone'
  | 'doctorEmail'
> & { rqe?: string | undefined; clinicName?: string | undefined; cnes?: string | undefined };

/** docs/product.md, "Impressão de receitas": receitas per A4 page. */
export type ReceitasPerPage = 1 | 2 | 3 | 4;

export const SIMPLE_RECEITA_TITLE = 'Receituário';
export const SPECIAL_CONTROL_DOCUMENT = 'Receituário de Controle Especial';
export const ANTIMICROBIAL_DOCUMENT = 'Receita de Antimicrobiano';
/**
 * The receitas a pharmacy retains that are not of Portaria 344/98 (RDC 471/2021 and RDC
 * 973/2025): the antimicrobial's model, with the patient's age and sex, no identification boxes.
 */
const RETENTION_DOCUMENTS: ReadonlySet<string> = new Set([
  ANTIMICROBIAL_DOCUMENT,
  'Receita de Agonista de GLP-1',
]);
export const SPECIAL_CONTROL_COPIES = ['1ª via — Farmácia', '2ª via — Paciente'] as const;

/** One numbered medicine: 'Amoxicilina 500mg ——— 21 comprimidos' and its instructions. */
export interface ReceitaItem {
  number: number;
  /** Name and dosage. */
  title: string;
  /** The quantity to dispense, '21 (vinte e uma) cápsulas'; '' when not known. */
  quantity: string;
  /** The posology sentence and further instructions, without abbreviations; '' when none. */
  instructions: string;
}

export interface ReceitaRouteGroup {
  heading: string;
  items: ReceitaItem[];
}

/** A box the pharmacy fills on a controlled receita. */
export interface ReceitaIdentificationBox {
  title: string;
  fields: string[];
}

/**
 * One printable receita. A controlled one (Portaria 344/98) or an antimicrobial one
 * (RDC 471/2021) prints once per entry of `copies`.
 */
export interface ReceitaSheet {
  /** 'retention': an antimicrobial's or a GLP-1 agonist's receita, retained by the pharmacy. */
  kind: 'simple' | 'controlled' | 'retention';
  prescriptionId: string;
  title: string;
  /** The copies printed, each labelled ('1ª via — Farmácia'); [] prints the sheet once. */
  copies: string[];
  header: {
    doctorName: string;
    /** The doctor's own header lines (specialty and the like), from the settings. */
    extraLines: string[];
    /** 'CRM/SP 123456 · RQE 7890'; '' when neither is set. */
    registration: string;
    /** Address, then 'Tel. … · e-mail', whichever are set. */
    contactLines: string[];
  };
  patient: {
    /** 'Paciente: Maria Souza'. */
    nameLine: string;
    /** 'Idade: 45 anos', or undefined. */
    ageLine?: string;
    /** Controlled sheets only: 'Endereço: …', left to fill by hand when not known. */
    addressLine?: string;
    /** Antimicrobial sheets only: 'Sexo: Feminino', left to fill by hand when not known. */
    sexLine?: string;
    /** 'CPF: 111.444.777-35' or 'Passaporte: …', when her chart has one. */
    documentLine?: string;
  };
  /** A receita issued on paper: what makes it valid, under the signature line. */
  paperNotice?: string;
  /** '1 de março de 2026'. */
  date: string;
  groups: ReceitaRouteGroup[];
  /** 'Observações: …', or undefined. */
  notesLine?: string;
  /** A receita of a teleconsulta: 'Atendimento por teleconsulta (CFM 2.314/2022), …'. */
  teleconsultaLine?: string;
  /** Special-control sheets: 'Válida por 10 dias a partir da data de emissão.' */
  validityLine?: string;
  signature: { name: string; registration: string };
  /** Controlled sheets: the buyer and supplier boxes of Portaria 344/98's model. */
  identification?: [ReceitaIdentificationBox, ReceitaIdentificationBox];
}

export interface ReceitaDocument {
  sheets: ReceitaSheet[];
  /** Medicines left off because they need an official numbered form. */
  notices: string[];
}

/** What a blank line to fill by hand looks like on paper. */
export const FILL_IN_BLANK = '________________________________';
/** A short blank, for an age or a sex. */
const SHORT_BLANK = '__________';

/**
 * The pharmacy's boxes as the forms of RDC 1.000/2025 ask them (docs/conformidade.md, "Receitas
 * sob a RDC 1.000/2025"): the buyer's CPF or passport, and the dispensing pharmacy's stamp with
 * the pharmacist's legible name and signature.
 */
const BUYER_BOX: ReceitaIdentificationBox = {
  title: 'Identificação do Comprador',
  fields: ['Nome:', 'CPF ou passaporte:', 'Endereço:', 'Cidade:', 'UF:', 'Telefone:'],
};
const SUPPLIER_BOX: ReceitaIdentificationBox = {
  title: 'Identificação do Fornecedor',
  fields: ['Carimbo, nome legível e assinatura:', 'Data: ____/____/______'],
};

/** The notice of a prescription whose antimicrobials and controlled medicines were parted. */
/** Under the signature line of a receita issued on paper (RDC 1.000/2025). */
export const PAPER_SHEET_NOTICE =
  'Receita em papel: vale somente com a assinatura do prescritor à mão (RDC 1.000/2025).';

export const SPLIT_NOTICE =
  'Antimicrobianos (RDC 471/2021) e medicamentos de controle especial (Portaria 344/98) não podem estar na mesma receita: foram separados em receitas distintas.';

/** The validity a special-control sheet prints: 'Válida por 10 dias a partir da data de emissão.' */
export function validityLine(days: number): string {
  return `Válida por ${days} dias a partir da data de emissão.`;
}

/** The patient's age as printed: '45' → '45 anos', '1' → '1 ano', '8 meses' kept. */
export function formatPatientAge(age: string): string {
  const trimmed = age.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return trimmed;
  return `${trimmed} ${trimmed === '1' ? 'ano' : 'anos'}`;
}

/**
 * One medicine's posology as a receita prints it: the one sentence {@link posologySentence}
 * writes from its parts ('Tomar 1 cápsula por via oral de 8 em 8 horas, por 7 dias.'), then the
 * doctor's further instructions.
 * @param medication - the medicine as prescribed
 */
export function receitaInstructions(medication: ReceitaMedication): string {
  return posologySentence(medication);
}

/**
 * The quantity to dispense as printed, in figures and words on every receita ('21 (vinte e
 * uma) cápsulas'; Portaria 344/98 requires the words on controlled ones); '' when it is not
 * known, for the doctor to write (the receita editor says it is missing). The `quantity` of the
 * API is days of treatment, never printed as a count.
 * @param medication - the medicine as prescribed
 */
export function receitaQuantity(medication: Pick<ReceitaMedication, 'dispenseQuantity'>): string {
  return medication.dispenseQuantity?.text.trim() ?? '';
}

/**
 * A medicine's name and dosage as printed, with the generic name after a brand so the pharmacy
 * may dispense the generic: 'Amoxil BD (amoxicilina) 875 mg', 'Losartana 50mg'.
 * @param medication - the medicine, marked by the server
 */
export function receitaItemTitle(
  medication: Pick<ReceitaMedication, 'name' | 'dosage' | 'genericName'>,
): string {
  const generic = medication.genericName?.trim();
  return [medication.name.trim(), generic ? `(${generic})` : '', medication.dosage?.trim()]
    .filter(Boolean)
    .join(' ');
}

/** The line a numbered medicine prints: '1. Amoxicilina 500mg ——— 21 comprimidos'. */
export function receitaItemLine(item: ReceitaItem): string {
  const start = `${item.number}. ${item.title}`;
  return item.quantity ? `${start} ——— ${item.quantity}` : start;
}

function groupItems(medications: readonly ReceitaMedication[]): ReceitaRouteGroup[] {
  let number = 0;
  return groupMedicationsByRoute(medications).map((group) => ({
    heading: group.heading,
    items: group.medications.map((medication) => {
      number += 1;
      return {
        number,
        title: receitaItemTitle(medication),
        quantity: receitaQuantity(medication),
        instructions: receitaInstructions(medication),
      };
    }),
  }));
}

/** The doctor's name as a receita prints it: the prescription name, else the full name. */
export function receitaDoctorName(settings: Pick<ReceitaSettings, 'name' | 'prescriptionName'>) {
  return settings.prescriptionName.trim() || settings.name.trim();
}

/** What a receita of a teleconsulta says of it, with when the consent was recorded. */
function teleconsultaLineOf(consentAt: string, sex: Gender | undefined): string {
  const patient = agreeWithPatient(sex, {
    masculine: 'do paciente',
    feminine: 'da paciente',
    unknown: 'do(a) paciente',
  });
  return `Atendimento por teleconsulta (CFM 2.314/2022), com consentimento ${patient} registrado em ${formatDate(consentAt)} às ${formatTime(consentAt)}.`;
}

function sheetHeader(settings: ReceitaSettings): ReceitaSheet['header'] {
  const rqe = settings.rqe?.trim();
  const registration = [formatCrm(settings), rqe ? `RQE ${rqe}` : ''].filter(Boolean).join(' · ');
  const phoneAndEmail = [
    settings.clinicPhone.trim() ? `Tel. ${settings.clinicPhone.trim()}` : '',
    settings.doctorEmail.trim(),
  ]
    .filter(Boolean)
    .join(' · ');
  return {
    doctorName: receitaDoctorName(settings),
    extraLines: settings.prescriptionText
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    registration,
    contactLines: [
      formatClinic({ clinicName: settings.clinicName ?? '', cnes: settings.cnes ?? '' }),
      settings.clinicAddress.trim(),
      phoneAndEmail,
    ].filter(Boolean),
  };
}

/**
 * The printable sheets of one prescription, with the notices of what they leave out. Ordinary
 * medicines share one 'Receituário'; medicines whose control document has copies (the
 * 'Receituário de Controle Especial': '1ª via — Farmácia', '2ª via — Paciente') go on a sheet of
 * that document, with the patient's address, quantities in numerals and words, its validity and
 * the buyer and supplier boxes; antimicrobials go on a 'Receita de Antimicrobiano' of their own
 * (RDC 471/2021: never with a medicine of Portaria 344/98, which a notice tells the doctor), in
 * the same two vias, with the patient's age and sex and 'Válida por 10 dias'; medicines that need
 * an official numbered form (no copies) are only named in a notice. A prescription without
 * medicines still prints its sheet (notes only).
 * @param prescription - the prescription, its medicines marked by the server
 * @param settings - the doctor's settings (name, CRM, contacts)
 */
export function buildReceitaDocument(
  prescription: ReceitaPrescription,
  settings: ReceitaSettings,
): ReceitaDocument {
  const header = sheetHeader(settings);
  const signature = { name: header.doctorName, registration: formatCrm(settings) };
  const notes = prescription.notes.trim();
  const age = formatPatientAge(prescription.patientAge);
  const base = {
    prescriptionId: prescription.id,
    header,
    date: formatLongDate(prescription.date),
    signature,
    ...(notes ? { notesLine: `Observações: ${notes}` } : {}),
    ...(prescription.teleconsultaConsentAt
      ? {
          teleconsultaLine: teleconsultaLineOf(
            prescription.teleconsultaConsentAt,
            prescription.patientSex,
          ),
        }
      : {}),
    ...(prescription.paperOnly ? { paperNotice: PAPER_SHEET_NOTICE } : {}),
  };
  const patientName = `Paciente: ${prescription.patientName.trim()}`;
  const documentLine = prescription.patientDocument?.trim()
    ? { documentLine: prescription.patientDocument.trim() }
    : {};

  const simple: ReceitaMedication[] = [];
  const controlled = new Map<
    string,
    { copies: string[]; validDays: number | undefined; medications: ReceitaMedication[] }
  >();
  const notices: string[] = [];
  for (const medication of prescription.medications) {
    const control = medication.control;
    if (!control) {
      simple.push(medication);
    } else if (control.copies.length === 0) {
      notices.push(
        `${capitalizeFirst(medication.name.trim())} exige ${control.document} (talonário oficial); não incluído nesta impressão.`,
      );
    } else {
      if (control.alsoRequires) {
        notices.push(
          `${capitalizeFirst(medication.name.trim())} exige também a ${control.alsoRequires} (talonário oficial), que acompanha esta receita.`,
        );
      }
      const group = controlled.get(control.document) ?? {
        copies: control.copies,
        validDays: control.validDays,
        medications: [],
      };
      group.validDays ??= control.validDays;
      group.medications.push(medication);
      controlled.set(control.document, group);
    }
  }

  const sheets: ReceitaSheet[] = [];
  const onlyNotified = prescription.medications.length > 0 && simple.length === 0;
  if (simple.length > 0 || (!onlyNotified && controlled.size === 0)) {
    sheets.push({
      ...base,
      kind: 'simple',
      title: SIMPLE_RECEITA_TITLE,
      copies: [],
      patient: {
        nameLine: patientName,
        ...(age ? { ageLine: `Idade: ${age}` } : {}),
        ...documentLine,
      },
      groups: groupItems(simple),
    });
  }
  if (controlled.has(ANTIMICROBIAL_DOCUMENT) && controlled.size > 1) notices.push(SPLIT_NOTICE);
  for (const [document, group] of controlled) {
    const validity =
      group.validDays === undefined ? {} : { validityLine: validityLine(group.validDays) };
    if (RETENTION_DOCUMENTS.has(document)) {
      // RDC 471/2021: the patient's age and sex, the two vias, and no Portaria 344/98 boxes.
      sheets.push({
        ...base,
        ...validity,
        kind: 'retention',
        title: document,
        copies: [...group.copies],
        patient: {
          nameLine: patientName,
          ageLine: `Idade: ${age || SHORT_BLANK}`,
          sexLine: `Sexo: ${prescription.patientSex ? SEX_LABELS[prescription.patientSex] : SHORT_BLANK}`,
          ...documentLine,
        },
        groups: groupItems(group.medications),
      });
      continue;
    }
    const address = prescription.patientAddress?.trim();
    sheets.push({
      ...base,
      ...validity,
      kind: 'controlled',
      title: document,
      copies: [...group.copies],
      patient: {
        nameLine: patientName,
        ...(age ? { ageLine: `Idade: ${age}` } : {}),
        addressLine: `Endereço: ${address || FILL_IN_BLANK}`,
        ...documentLine,
      },
      groups: groupItems(group.medications),
      identification: [BUYER_BOX, SUPPLIER_BOX],
    });
  }
  return { sheets, notices };
}

/**
 * The printable sheets of one prescription ({@link buildReceitaDocument} without the notices).
 * @param prescription - the prescription, its medicines marked by the server
 * @param settings - the doctor's settings
 */
export function buildReceitaSheets(
  prescription: ReceitaPrescription,
  settings: ReceitaSettings,
): ReceitaSheet[] {
  return buildReceitaDocument(prescription, settings).sheets;
}

/**
 * The medicines as plain text, for the template's {{medicamentos}}: route headings, numbered
 * lines and instructions, quantities of controlled medicines in words.
 * @param medications - the prescription's medicines
 */
export function medicationsAsText(medications: readonly ReceitaMedication[]): string {
  let number = 0;
  return groupMedicationsByRoute(medications)
    .map((group) => {
      const lines = group.medications.map((medication) => {
        number += 1;
        const item: ReceitaItem = {
          number,
          title: receitaItemTitle(medication),
          quantity: receitaQuantity(medication),
          instructions: receitaInstructions(medication),
        };
        const line = receitaItemLine(item);
        return item.instructions ? `${line}\n   ${item.instructions}` : line;
      });
      return [group.heading, ...lines].join('\n');
    })
    .join('\n\n');
}

/**
 * The doctor's prescription template (settings) filled with this prescription: the variables
 * data_receita, nome_paciente, idade_paciente, nome_medico, crm, diagnostico, medicamentos,
 * observacoes, endereco_clinica, telefone_clinica, email_medico
 * (docs/product.md, "Modelos de prontuário e de receita"). Variables with no value stay visible as
 * written ({@link fillTemplate}).
 * @param prescription - the prescription
 * @param settings - the doctor's settings, template included
 */
export function fillPrescriptionTemplate(
  prescription: ReceitaPrescription,
  settings: ReceitaSettings,
): string {
  return fillTemplate(settings.prescriptionTemplate, {
    ...doctorTemplateValues(settings, 'prescription', parseISO(prescription.date)),
    nome_paciente: prescription.patientName,
    idade_paciente: formatPatientAge(prescription.patientAge),
    diagnostico: prescription.diagnosis,
    medicamentos: medicationsAsText(prescription.medications),
    observacoes: prescription.notes,
  });
}

// ---------------------------------------------------------------------------------------------
// Pages

/**
 * Where a receita sits on A4 (210 × 297 mm) and at what size its text prints, by receitas per
 * page: 1 fills the page; 2 are the two halves (A5 landscape, cut across); 3 are thirds; 4 are
 * the quarters (A6, two by two).
 */
export const SLOT_GEOMETRY: Readonly<
  Record<
    ReceitasPerPage,
    { columns: 1 | 2; widthMm: number; heightMm: number; paddingMm: number; fontPt: number }
  >
> = {
  1: { columns: 1, widthMm: 210, heightMm: 297, paddingMm: 16, fontPt: 11 },
  2: { columns: 1, widthMm: 210, heightMm: 148.5, paddingMm: 10, fontPt: 9.5 },
  3: { columns: 1, widthMm: 210, heightMm: 99, paddingMm: 7, fontPt: 8 },
  4: { columns: 2, widthMm: 105, heightMm: 148.5, paddingMm: 7, fontPt: 7.5 },
};

/** One receita on a page, and which copy it is ('1ª via — Farmácia') when it has copies. */
export interface ReceitaSlot {
  sheet: ReceitaSheet;
  copy?: string;
}

/** An A4 page: a grid of `perPage` slots (see {@link SLOT_GEOMETRY}), filled in order. */
export interface ReceitaPage {
  perPage: ReceitasPerPage;
  slots: ReceitaSlot[];
}

const MM_TO_PT = 72 / 25.4;
/** Line height and the widest average character, as multiples of the font size (Helvetica). */
export const LINE_HEIGHT_EM = 1.35;
const AVERAGE_CHAR_EM = 0.55;

function wrappedLineCount(text: string, charsPerLine: number): number {
  return Math.max(1, Math.ceil(text.length / charsPerLine));
}

/**
 * A generous estimate of the lines a sheet takes at a slot's size: what decides whether it fits
 * there or needs a page of its own.
 */
export function estimateSheetLines(sheet: ReceitaSheet, perPage: ReceitasPerPage): number {
  const geometry = SLOT_GEOMETRY[perPage];
  const charsPerLine = Math.floor(
    ((geometry.widthMm - 2 * geometry.paddingMm) * MM_TO_PT) / (geometry.fontPt * AVERAGE_CHAR_EM),
  );
  const count = (text: string) => wrappedLineCount(text, charsPerLine);
  let lines = 1.6 + sheet.header.extraLines.length + sheet.header.contactLines.length;
  lines += (sheet.header.registration ? 1 : 0) + 1.5; // rule and title
  lines += 1 + (sheet.patient.addressLine ? 1 : 0) + (sheet.patient.sexLine ? 1 : 0) + 0.5; // the age shares the name's line
  if (sheet.patient.documentLine) lines += 1;
  if (sheet.paperNotice) lines += count(sheet.paperNotice);
  for (const group of sheet.groups) {
    lines += 1.3;
    for (const item of group.items) {
      lines += count(receitaItemLine(item)) + (item.instructions ? count(item.instructions) : 0);
      lines += 0.3;
    }
  }
  if (sheet.notesLine) lines += count(sheet.notesLine) + 0.5;
  if (sheet.teleconsultaLine) lines += count(sheet.teleconsultaLine) + 0.5;
  if (sheet.validityLine) lines += 1.5;
  lines += 1 + 3.5; // date, signature space, name and CRM
  if (sheet.identification) lines += 6;
  return lines;
}

/** Whether a sheet fits in one slot of a page holding `perPage` receitas. */
export function sheetFitsSlot(sheet: ReceitaSheet, perPage: ReceitasPerPage): boolean {
  if (perPage === 1) return true;
  const geometry = SLOT_GEOMETRY[perPage];
  const available =
    ((geometry.heightMm - 2 * geometry.paddingMm) * MM_TO_PT) / (geometry.fontPt * LINE_HEIGHT_EM);
  return estimateSheetLines(sheet, perPage) <= available;
}

/**
 * The A4 pages that print a list of sheets: ordinary receitas share pages, `perPage` to a page,
 * in order; a sheet with copies takes a page of its own, one slot per copy (the Receituário de
 * Controle Especial prints its two vias as the two halves of one page); a receita too long for
 * its slot takes a whole page. A page never holds two patients' receitas: another patient's
 * sheet starts a new page.
 * @param sheets - the sheets, in print order
 * @param perPage - receitas per page (settings, 1 to 4)
 */
export function paginateSheets(
  sheets: readonly ReceitaSheet[],
  perPage: ReceitasPerPage,
): ReceitaPage[] {
  const pages: ReceitaPage[] = [];
  let open: ReceitaPage | undefined;
  for (const sheet of sheets) {
    if (sheet.copies.length > 0) {
      open = undefined;
      const slots = Math.min(sheet.copies.length, 4) as ReceitasPerPage;
      for (let start = 0; start < sheet.copies.length; start += slots) {
        pages.push({
          perPage: slots,
          slots: sheet.copies.slice(start, start + slots).map((copy) => ({ sheet, copy })),
        });
      }
    } else if (!sheetFitsSlot(sheet, perPage)) {
      open = undefined;
      pages.push({ perPage: 1, slots: [{ sheet }] });
    } else {
      const openPatient = open?.slots[0]?.sheet.patient.nameLine;
      if (
        !open ||
        open.slots.length >= perPage ||
        (openPatient !== undefined &&
          patientKey(openPatient) !== patientKey(sheet.patient.nameLine))
      ) {
        open = { perPage, slots: [] };
        pages.push(open);
      }
      open.slots.push({ sheet });
    }
  }
  return pages;
}

/** Settings' prescriptionsPerPage as a page layout; anything out of range means the default 2. */
export function receitasPerPage(value: number): ReceitasPerPage {
  return value === 1 || value === 2 || value === 3 || value === 4 ? value : 2;
}

/** One patient's part of a print job: their receitas' pages, which no other patient shares. */
export interface ReceitaPatientPages {
  patientName: string;
  pages: ReceitaPage[];
}

/**
 * Everything one print job holds: the pages of several prescriptions, one patient after another
 * (each patient's receitas on pages of their own, in the order the patients first appear), and
 * the notices of the medicines they leave out.
 * @param prescriptions - in print order
 * @param settings - the doctor's settings, prescriptionsPerPage included
 */
export function buildReceitaPrintJob(
  prescriptions: readonly ReceitaPrescription[],
  settings: ReceitaSettings & Pick<DoctorSettings, 'prescriptionsPerPage'>,
): { pages: ReceitaPage[]; notices: string[]; patients: ReceitaPatientPages[] } {
  const perPage = receitasPerPage(settings.prescriptionsPerPage);
  const groups = groupPrescriptionsByPatient(prescriptions).map((group) => {
    const documents = group.prescriptions.map((prescription) =>
      buildReceitaDocument(prescription, settings),
    );
    return {
      patientName: group.patientName,
      pages: paginateSheets(
        documents.flatMap((document) => document.sheets),
        perPage,
      ),
      notices: documents.flatMap((document) => document.notices),
    };
  });
  return {
    pages: groups.flatMap((group) => group.pages),
    notices: groups.flatMap((group) => group.notices),
    patients: groups.map(({ patientName, pages }) => ({ patientName, pages })),
  };
}

/** A receita in the choice list: its date and medicines ('25/11/2026 — Losartana 50mg'). */
export function printChoiceLabel(prescription: ReceitaPrescription): string {
  const medicines = prescription.medications
    .map((medication) =>
      [medication.name.trim(), medication.dosage?.trim()].filter(Boolean).join(' '),
    )
    .join(', ');
  return `${formatDate(prescription.date)} — ${medicines || 'sem medicamentos'}`;
}

/**
 * The body of `POST /api/prescriptions/pdf`: the receitas as this device holds them (their
 * control marks left to the server, which makes them), and the lote's name when printing one.
 * @param prescriptions - in print order
 * @param batchName - the lote's name, when printing a lote
 */
export function receitaPrintInput(
  prescriptions: readonly ReceitaPrescription[],
  batchName: string | undefined,
): ReceitaPrintInput {
  return {
    prescriptions: prescriptions.map((prescription) => ({
      id: prescription.id,
      patientName: prescription.patientName,
      patientAge: prescription.patientAge,
      diagnosis: prescription.diagnosis,
      notes: prescription.notes,
      date: prescription.date,
      medications: prescription.medications.map(
        ({ control: _control, genericName: _genericName, ...medication }) => medication,
      ),
      ...(prescription.patientId ? { patientId: prescription.patientId } : {}),
      // Its visit: a receita of a teleconsulta says so.
      ...(prescription.recordId ? { recordId: prescription.recordId } : {}),
      ...(prescription.patientAddress ? { patientAddress: prescription.patientAddress } : {}),
      ...(prescription.patientSex ? { patientSex: prescription.patientSex } : {}),
    })),
    ...(batchName === undefined ? {} : { batchName }),
  };
}

/**
 * The PDF's file name: 'receita-<paciente>-<aaaa-mm-dd>.pdf' for one prescription (its date),
 * 'receitas-lote-<nome>-<aaaa-mm-dd>.pdf' for a batch and 'receitas-<aaaa-mm-dd>.pdf' for
 * several (today).
 * @param prescriptions - what the file holds
 * @param batchName - the batch's name, when printing a batch
 * @param today - the date of the download
 */
export function receitaPdfFileName(
  prescriptions: readonly Pick<ReceitaPrescription, 'patientName' | 'date'>[],
  batchName: string | undefined,
  today: Date,
): string {
  if (batchName !== undefined) {
    const name = fileNameSlug(batchName).replace(/^lote-?/, '');
    return `receitas-lote-${name ? `${name}-` : ''}${localDay(today)}.pdf`;
  }
  const [only] = prescriptions;
  if (prescriptions.length === 1 && only) {
    const day = /^\d{4}-\d{2}-\d{2}/.exec(only.date)?.[0] ?? localDay(today);
    return `receita-${fileNameSlug(only.patientName) || 'paciente'}-${day}.pdf`;
  }
  return `receitas-${localDay(today)}.pdf`;
}
