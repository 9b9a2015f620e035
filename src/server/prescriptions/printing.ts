import type { DoctorSettings } from '../../shared/doctor-settings';
import type { Gender } from '../../shared/medical-record';
import { patientAddressLine } from '../../shared/patient-display';
import type { Prescription } from '../../shared/prescription';
import {
  buildReceitaPrintJob,
  receitaPdfFileName,
  type ReceitaPrescription,
} from '../../shared/receita-document';
import type { PatientRow } from '../db/schema';
import { renderReceitaPdf } from '../pdf/receita-pdf';
import { markControlledMedicines } from './presenter';

/**
 * Printing receitas on the server (issue 20: one PDF renderer for every document): what a
 * receita prints is the prescription as written, its medicines marked with their control
 * document here, and what its patient's chart knows when the receita leaves it out — her sex (a
 * receita de antimicrobiano prints it) and her address (a controlled one does).
 */

/** What a receita prints of its patient's chart when the receita itself does not say it. */
export type ChartFacts = Pick<PatientRow, 'sex' | 'address'>;

/**
 * A receita's patient fields with her sex and address from her chart where it gives none.
 * @param prescription - the receita as written
 * @param chart - its patient's chart, when the receita is linked to one
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
): ReceitaPrescription {
  const { medications } = markControlledMedicines({ medications: prescription.medications });
  const { patientAddress, patientSex } = withChartFacts(prescription, chart);
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
  };
}

/**
 * The PDF of receitas, in the doctor's print layout (receitas per page), and its file name.
 * @param receitas - in print order, from {@link printedReceita}
 * @param settings - the doctor's settings
 * @param batchName - the lote's name, when printing a lote
 * @param now - the moment it is made
 */
export async function receitasPdf(
  receitas: readonly ReceitaPrescription[],
  settings: DoctorSettings,
  batchName: string | undefined,
  now: Date,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  const job = buildReceitaPrintJob(receitas, settings);
  const bytes = await renderReceitaPdf(job.pages, settings, {
    title: batchName === undefined ? 'Receitas' : `Receitas — ${batchName}`,
    createdAt: now,
  });
  return { bytes, fileName: receitaPdfFileName(receitas, batchName, now) };
}
