import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { documentsApi } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { settingsApi } from '@shared/api/settings';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { restEndDay } from '@shared/documents/document-text';
import { localDay } from '@shared/lib/local-day';
import { formatDate } from '@shared/lib/pt-br-format';
import { pdfPagesText } from '@server/testing/pdf-text';
import { useBrowserSession } from './support/browser-session';
import {
  openSignedInPage,
  PageProblems,
  seriousA11yViolations,
  visible,
  type ViewportName,
} from './support/pages';

const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const PROFILE = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  crm: '123456',
  crmState: 'SP',
  clinicName: 'Clínica Bem Viver',
  cnes: '1234567',
  clinicAddress: 'Av. Paulista, 1000 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
};

const SCREENS: { name: ViewportName }[] = [{ name: 'desktop' }, { name: 'phone' }];

/** Words as read, whatever the line breaks; the minute of issue set aside (see below). */
const words = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/às \d{2}:\d{2}/g, 'às hh:mm')
    .trim();

const dayOf = (day: string) => formatDate(`${day}T00:00:00`);

async function openVisitSummary(page: Page, patientId: string) {
  await page.goto(`${session.server.url}/?view=patients&patient=${patientId}`);
  await page.getByRole('button', { name: 'Nova consulta', exact: true }).click();
  await visible(page.getByRole('heading', { level: 2, name: 'Dados do Paciente' }));
  const steps = page.getByRole('navigation', { name: 'Etapas do prontuário' });
  await steps.getByRole('button', { name: /Resumo/ }).click();
  await visible(page.getByRole('heading', { name: 'Resumo e Impressão' }));
}

describe('reading a document before issuing it', () => {
  for (const screen of SCREENS) {
    it(`shows the atestado's final words live and issues exactly them (${screen.name})`, async () => {
      const { page, doctor } = await openSignedInPage(
        session.browser,
        problems,
        session.server.url,
        screen.name,
      );
      const { api } = doctor.browser.pointedAt(session.server.url);
      await api.call(settingsApi.replace, { body: PROFILE });
      const { patient } = await api.call(patientsApi.create, {
        body: { name: 'Maria Aparecida Souza', birthDate: '1963-03-12', sex: 'feminino' },
      });
      await openVisitSummary(page, patient.id);

      await page.getByRole('button', { name: 'Novo documento', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo documento' });
      await visible(dialog);
      const preview = dialog.getByRole('article', { name: 'Atestado médico' });
      await visible(preview);
      await dialog.getByLabel('Dias de afastamento').fill('3');
      await dialog.getByLabel('O(a) paciente autorizou que conste o diagnóstico').check();
      await dialog.getByLabel('CID-10', { exact: true }).fill('J11');

      const start = localDay(new Date());
      const period = `de ${dayOf(start)} a ${dayOf(restEndDay(start, 3))}`;
      await visible(preview.getByText(period, { exact: false }));
      const previewText = await preview.innerText();
      expect(previewText).toContain('Maria Aparecida Souza');
      expect(previewText).toContain('3 (três) dias de afastamento');
      expect(previewText).toContain('CID-10: J11 — informado a pedido da paciente.');
      expect(previewText).toContain('Clínica Bem Viver · CNES 1234567');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Emitir', exact: true }).click();
      await visible(page.getByText('Atestado médico emitido.'));

      const { documents } = await api.call(documentsApi.list, {
        query: { patientId: patient.id },
      });
      const atestado = documents.find((document) => document.kind === 'atestado');
      if (!atestado) throw new Error('no atestado was issued');
      const response = await doctor.browser
        .pointedAt(session.server.url)
        .fetch(`/api/documents/${atestado.id}/pdf`);
      const [pdfText = ''] = await pdfPagesText(new Uint8Array(await response.arrayBuffer()));
      // The PDF is the preview's words, then its validation block and page number. The minute
      // of issue is the click's, not the preview's, so both read 'às hh:mm'.
      expect(words(pdfText).startsWith(words(previewText))).toBe(true);
      expect(words(pdfText)).toContain(period);
      await page.context().close();
    });
  }

  for (const screen of SCREENS) {
    it(`takes the clinic and a 7-digit CNES in Settings (${screen.name})`, async () => {
      const { page, doctor } = await openSignedInPage(
        session.browser,
        problems,
        session.server.url,
        screen.name,
      );
      await page.goto(`${session.server.url}/settings`);
      await visible(page.getByRole('heading', { name: 'Configurações' }));
      await page.getByLabel('Nome da clínica', { exact: true }).fill('Clínica Bem Viver');
      await page.getByLabel('CNES', { exact: true }).fill('12345');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await visible(page.getByText('O CNES deve ter exatamente 7 dígitos.'));
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByLabel('CNES', { exact: true }).fill('1234567');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await visible(page.getByRole('status').getByText('Configurações salvas com sucesso!'));
      const { settings } = await doctor.browser
        .pointedAt(session.server.url)
        .api.call(settingsApi.get, {});
      expect(settings).toMatchObject({ clinicName: 'Clínica Bem Viver', cnes: '1234567' });
      await page.context().close();
    });
  }
});
