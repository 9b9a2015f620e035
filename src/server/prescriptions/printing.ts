import type { DoctorSettings } from '@shared/account/doctor-settings';
import type { Gender, Teleconsulta } from '@shared/records/medical-record';
import { patientAddressLine } from '@shared/patients/display';
import type { Prescription } from '@shared/prescriptions/prescription';
import { localDay } from '@shared/lib/local-day';
import { formatCpf } from '@shared/patients/identifiers';
import { mustIssueOnPaper } from '@shared/prescriptions/receita-class';
import { receitaClassOf } from '@clinical/prescriptions/medicine-receita-class';
import type { AppDatabase } from '../db/database';
import { createPatientRepository } from '../patients/repository';
import { createRecordRepository } from '../medical-records/repository';
import { createSettingsRepository } from '../settings/repository';
import { createPrescriptionRepository } from './repository';
import { type ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { buildReceitaPrintJob } from '@shared/prescriptions/receita-page-layout';
import { receitaPdfFileName } from '@shared/prescriptions/receita-print-selection';
import { issuerOf } from '@shared/documents/clinical-document';
import { itiMetadataOf } from '@shared/documents/iti-metadata';
import { formatDate, formatTime } from '@shared/lib/pt-br-format';
import type { PatientRow, PrescriptionRow } from '../db/schema';
import { validationUrlOf } from '../documents/presenter';
import type { ReceitaMarks } from '../pdf/receita-pdf';
import { signPreparedPdf } from '../signing/pades';
import type { SignatureDevice } from '../signing/signature-device';
import type { RunHeavyJob } from '../workers/heavy-work';
import { markControlledMedicines, prescriptionOfRow } from './presenter';

/**
 * Printing receitas on the server (docs/documentos.md, "PDF": one renderer for every document): what a
 * receita prints is the prescription as written, its medicines marked with their control
 * document here, and what its patient's chart knows when the receita leaves it out — her sex (a
 * receita de antimicrobiano prints it), her address (a controlled one does) and her CPF or
 * passport (every one does).
 */

/** What a receita prints of its patient's chart when the receita itself does not say it. */
export type ChartFacts = Pick<PatientRow, 'sex' | 'address' | 'cpf' | 'passport'>;

/**
 * A receita's patient fields with her sex and address from her chart where it gives none.
 * @param prescription - the receita as written
 * @param chart - its patient's chart, when the receita is linked to one
 * @param teleconsulta - its visit's, when the visit was held at a distance (CFM 2.314/2022)
 */
export function withChartFacts<
  Written extends { patientAddress?: string | undefined; patientSex?: Gender | undefined },
>(prescription: Written, chart: ChartFacts | undefined): Written {
  const address = prescription.patientAddress?.trim() || patientAddressLine(chart?.address);
  const sex = prescription.patientSex ?? chart?.sex ?? undefined;
  return {
    ...prescription,
    ...(address ? { patientAddress: address } : {}),
    ...(sex ? { patientSex: sex } : {}),
  };
}

/** Her CPF, else her passport, as a receita prints it (CFM 2.381/2024, RDC 1.000/2025). */
function patientDocumentLine(chart: ChartFacts | undefined): string | undefined {
  if (chart?.cpf) return `CPF: ${formatCpf(chart.cpf)}`;
  if (chart?.passport) return `Passaporte: ${chart.passport}`;
  return undefined;
}

/** Whether a receita is issued on paper: its kind is valid electronically only with the SNCR. */
function isPaperReceita(prescription: Pick<Prescription, 'medications'>): boolean {
  return mustIssueOnPaper(receitaClassOf(prescription.medications));
}

/**
 * The receita as it prints: its medicines marked, and the patient's sex and address taken from
 * her chart where the receita has none (receitas written before they were kept with it).
 * @param prescription - the receita as written
 * @param chart - its patient's chart, when the receita is linked to one
 */
export function printedReceita(
  prescription: Pick<
    Prescription,
    | 'id'
    | 'patientName'
    | 'patientAge'
    | 'patientAddress'
    | 'patientSex'
    | 'diagnosis'
    | 'notes'
    | 'date'
    | 'medications'
  >,
  chart: ChartFacts | undefined,
  teleconsulta?: Teleconsulta | null,
): ReceitaPrescription {
  const { medications } = markControlledMedicines({ medications: prescription.medications });
  const { patientAddress, patientSex } = withChartFacts(prescription, chart);
  const patientDocument = patientDocumentLine(chart);
  return {
    id: prescription.id,
    patientName: prescription.patientName,
    patientAge: prescription.patientAge,
    diagnosis: prescription.diagnosis,
    notes: prescription.notes,
    date: prescription.date,
    medications,
    ...(patientAddress ? { patientAddress } : {}),
    ...(patientSex ? { patientSex } : {}),
    ...(patientDocument ? { patientDocument } : {}),
    ...(teleconsulta ? { teleconsultaConsentAt: teleconsulta.consentAt } : {}),
    ...(isPaperReceita(prescription) ? { paperOnly: true } : {}),
  };
}

/**
 * The PDF of receitas, in the doctor's print layout (receitas per page), and its file name.
 * @param receitas - in print order, from {@link printedReceita}
 * @param settings - the doctor's settings
 * @param batchName - the lote's name, when printing a lote
 * @param now - the moment it is made
 * @param marks - what each receita (by id) prints of its life: validation, cancellation
 * @param runJob - renders it off the request thread (workers/heavy-work.ts)
 */
export async function receitasPdf(
  receitas: readonly ReceitaPrescription[],
  settings: DoctorSettings,
  batchName: string | undefined,
  now: Date,
  marks: ReadonlyMap<string, ReceitaMarks>,
  runJob: RunHeavyJob,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  const job = buildReceitaPrintJob(receitas, settings);
  const bytes = await runJob({
    kind: 'receita-pdf',
    pages: job.pages,
    settings: { name: settings.name, prescriptionName: settings.prescriptionName },
    metadata: {
      title: batchName === undefined ? 'Receitas' : `Receitas — ${batchName}`,
      createdAt: now,
    },
    marks,
  });
  return { bytes, fileName: receitaPdfFileName(receitas, batchName, now) };
}

/**
 * What a stored receita prints of its life: once issued, its validation page and code; once
 * cancelled, when and why.
 * @param row - the receita as stored
 * @param validationBase - the origin of the validation pages (PUBLIC_URL)
 */
export function receitaMarksOf(row: PrescriptionRow, validationBase: string): ReceitaMarks {
  // A paper receita carries no QR code: a copy of it shown on a screen is no receita at all.
  const validated =
    row.publicId !== null && row.secretCode !== null && !isPaperReceita(row.content);
  return {
    ...(validated && row.publicId !== null && row.secretCode !== null
      ? {
          validation: {
            url: validationUrlOf(validationBase, row.publicId),
            secretCode: row.secretCode,
          },
        }
      : {}),
    ...(row.cancelledAt !== null
      ? {
          cancellation: `CANCELADA em ${formatDate(row.cancelledAt.toISOString())}: ${row.cancelReason ?? ''}`,
        }
      : {}),
  };
}

/**
 * The PDF of one issued receita signed by `device`: its sheets with the validation block and a
 * line saying who signed and when, and the ITI's metadata (document type 'prescrição').
 */
export async function signedReceitaPdf(
  receita: ReceitaPrescription,
  settings: DoctorSettings,
  validation: NonNullable<ReceitaMarks['validation']>,
  signature: { device: SignatureDevice; signer: string; signedAt: Date },
  runJob: RunHeavyJob,
): Promise<Uint8Array<ArrayBuffer>> {
  const at = signature.signedAt.toISOString();
  // An electronic receita is dated by its signature (RDC 1.000/2025): one date, never two.
  const job = buildReceitaPrintJob([{ ...receita, date: localDay(signature.signedAt) }], settings);
  const prepared = await runJob({
    kind: 'receita-pdf',
    pages: job.pages,
    settings: { name: settings.name, prescriptionName: settings.prescriptionName },
    metadata: { title: `Receita — ${receita.patientName}`, createdAt: signature.signedAt },
    marks: new Map([
      [
        receita.id,
        {
          validation,
          signature: { signer: signature.signer, at: `${formatDate(at)} às ${formatTime(at)}` },
        },
      ],
    ]),
    signature: {
      signer: signature.signer,
      reason: 'Receita',
      signedAt: signature.signedAt,
      metadata: itiMetadataOf('receita', issuerOf(settings)),
    },
  });
  return signPreparedPdf(prepared, signature.device);
}

/** Printing stored receitas with what they need from one database. */
export function createReceitaPrinter(db: AppDatabase) {
  const patients = createPatientRepository(db);
  const settings = createSettingsRepository(db);
  const prescriptions = createPrescriptionRepository(db);
  const records = createRecordRepository(db);

  /** A stored receita as it prints, with what its patient's chart gives it. */
  const receitaOf = async (row: PrescriptionRow): Promise<ReceitaPrescription> =>
    printedReceita(
      prescriptionOfRow(row),
      row.patientId ? await patients.find(row.userId, row.patientId) : undefined,
      row.recordId ? (await records.find(row.userId, row.recordId))?.teleconsulta : undefined,
    );

  return {
    receitaOf,

    /**
     * A stored receita's PDF as it stands: signed, the file exactly as signed (the signature
     * covers its bytes); else rendered now, with its validation block or its cancellation.
     * @param validationBase - the origin of the validation pages (PUBLIC_URL)
     * @param runJob - renders it off the request thread (workers/heavy-work.ts)
     */
    async currentPdf(
      row: PrescriptionRow,
      validationBase: string,
      runJob: RunHeavyJob,
    ): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
      const receita = await receitaOf(row);
      const signed =
        row.signedAt === null ? undefined : await prescriptions.signedPdf(row.userId, row.id);
      if (signed)
        return {
          bytes: signed,
          fileName: receitaPdfFileName([receita], undefined, row.signedAt ?? new Date()),
        };
      const marks = new Map([[row.id, receitaMarksOf(row, validationBase)]]);
      return receitasPdf(
        [receita],
        await settings.profile(row.userId),
        undefined,
        new Date(),
        marks,
        runJob,
      );
    },
  };
}
