import { formatClinic, formatCrm, type DoctorSettings } from '../account/doctor-settings';
import { posologySentence } from './posology';
import {
  groupMedicationsByRoute,
  type Prescription,
  type PrescriptionMedication,
} from './prescription';
import { parseISO } from 'date-fns';
import type { ReceitaClass } from './receita-class';
import { capitalizeFirst, formatDate, formatLongDate, formatTime } from '../lib/pt-br-format';
import { agreeWithPatient } from '../patients/agreement';
import { doctorTemplateValues, fillTemplate } from '../records/templates';
import type { ReceitaLifeCycle } from '../api/prescriptions';
import type { Gender } from '../records/medical-record';
import type { SafetyReason } from './safety-warnings';
import { SEX_LABELS } from '../patients/display';

/**
 * The printed receita (CFM rules, Portaria SVS/MS 344/98): which sheets a prescription prints and
 * what each sheet says, word for word. How sheets share an A4 page is `receita-page-layout.ts`;
 * which receitas a print job holds, `receita-print-selection.ts`. The web view, the print
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
