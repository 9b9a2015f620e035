import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { MedicalRecord } from '../../src/shared/medical-record';
import type { TestDoctorAccount } from '../../src/server/testing/test-server';
import { useBrowserSession } from './support/browser-session';
import { openSignedInPage, PageProblems, seriousA11yViolations, visible } from './support/pages';

/** The voice consultation on a server with no transcription endpoint and no language model. */
const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  // The screen asks the server whether transcription is configured; its 503
  // 'transcription-unconfigured' is the expected answer here, not a failure.
  const unexpected = problems.found.filter((found) => !/^503 .*\/api\/ai\/transcribe$/.test(found));
  expect(unexpected).toEqual([]);
});

const CONSULTATION =
  'Paciente Joana Prado, 38 anos, com dor de cabeça há 3 dias. Pressão 130 por 85, frequência cardíaca 88.';

/** The doctor's one record as the server has it, once its fields were saved. */
async function savedRecord(doctor: TestDoctorAccount): Promise<MedicalRecord | undefined> {
  const listed = await doctor.browser.pointedAt(session.server.url).records.list({ limit: 1 });
  if (!listed.success) throw new Error(listed.error);
  return listed.records[0];
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe('the voice consultation on a phone without a transcription endpoint', () => {
  it('says transcription needs a service, takes a typed transcript and fills the record and the anamnesis', async () => {
    const { page, doctor } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      'phone',
    );
    await page.goto(`${session.server.url}/?view=mobile-consultation`);
    await visible(page.getByRole('heading', { name: 'Consulta Mobile' }));

    await page.getByRole('button', { name: 'Iniciar Gravação' }).click();
    await visible(
      page.getByText(/precisa de um serviço configurado no servidor \(AI_TRANSCRIBE_BASE_URL\)/),
    );
    expect(await page.getByRole('button', { name: 'Iniciar Gravação' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Digitar ou colar a transcrição' }).click();
    const finish = page.getByRole('button', { name: 'Finalizar Consulta' });
    expect(await finish.isDisabled()).toBe(true);
    await page.getByLabel('Transcrição').fill(CONSULTATION);
    await finish.click();

    const done = page.getByRole('region', { name: 'Consulta concluída' });
    await visible(done.getByRole('heading', { name: 'Consulta concluída' }));
    await visible(done.getByText('Joana Prado'));
    await visible(done.getByText('130/85'));
    expect(await seriousA11yViolations(page)).toEqual([]);

    await done.getByRole('button', { name: 'Abrir Prontuário' }).click();
    await visible(page.getByRole('heading', { level: 2, name: 'Dados do Paciente' }));
    expect(await field(page, 'Nome completo').inputValue()).toBe('Joana Prado');
    expect(await field(page, 'Idade').inputValue()).toBe('38');

    await expect
      .poll(async () => (await savedRecord(doctor))?.physicalExam?.vitalSigns?.bloodPressure, {
        timeout: 30_000,
      })
      .toBe('130/85');
    const record = await savedRecord(doctor);
    expect(record?.patientInfo?.name).toBe('Joana Prado');
    expect(record?.patientInfo?.age).toBe(38);
    expect(record?.symptoms?.chiefComplaint).toMatch(/dor de cabeça/i);
    expect(record?.structuredAnamnesis).toBeDefined();

    await page.getByRole('tab', { name: 'Anamnese' }).click();
    await visible(page.getByRole('heading', { name: 'Anamnese Estruturada' }));
    await visible(page.getByText('Joana Prado').first());
    await page.context().close();
  });
});
