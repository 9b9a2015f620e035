import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestDoctorAccount } from '@server/testing/test-server';
import type { MedicalRecord } from '@shared/records/medical-record';
import { fieldLabelled, newestRecordOnServer, visible } from './pages';

/** What a voice consultation said about the patient. */
export interface SpokenPatient {
  name: string;
  age: number;
  complaint: RegExp;
  bloodPressure: string;
}

/**
 * With the record view open after a voice consultation: the form shows the patient, the server
 * has the record with the vital signs and the structured anamnesis, and the Anamnese tab shows it.
 * @returns the record as the server has it, for further checks
 */
export async function expectConsultationRecorded(
  page: Page,
  serverUrl: string,
  doctor: TestDoctorAccount,
  patient: SpokenPatient,
): Promise<MedicalRecord> {
  await visible(page.getByRole('heading', { level: 2, name: 'Dados do Paciente' }));
  expect(await fieldLabelled(page, 'Nome completo').inputValue()).toBe(patient.name);
  expect(await fieldLabelled(page, 'Idade').inputValue()).toBe(String(patient.age));
  // The record reaches the server after the auto-save's quiet time.
  await expect
    .poll(
      async () =>
        (await newestRecordOnServer(serverUrl, doctor))?.physicalExam?.vitalSigns?.bloodPressure,
      { timeout: 30_000 },
    )
    .toBe(patient.bloodPressure);
  const record = await newestRecordOnServer(serverUrl, doctor);
  if (!record) throw new Error('no record on the server');
  expect(record.patientInfo?.name).toBe(patient.name);
  expect(record.patientInfo?.age).toBe(patient.age);
  expect(record.symptoms?.chiefComplaint).toMatch(patient.complaint);
  expect(record.structuredAnamnesis).toBeDefined();

  await page.getByRole('tab', { name: 'Anamnese' }).click();
  await visible(page.getByRole('heading', { name: 'Anamnese Estruturada' }));
  await visible(page.getByText(patient.name).first());
  return record;
}
