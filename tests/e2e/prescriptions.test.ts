import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfPagesText } from '@server/testing/pdf-text';
import { API_ERRORS } from '@shared/api/errors';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '@shared/account/doctor-settings';
import { useBrowserSession } from './support/browser-session';
import { openSignedInPage, PageProblems, seriousA11yViolations, visible } from './support/pages';
import { occurrences, oneLine, patientsOf, preview, previewPages } from './support/receita-preview';

/**
 * Receitas written from the chat on a server with no language model (the rule parser reads the
 * quick prescriptions), printed from the preview dialog, downloaded as a PDF and printed by
 * Chromium to PDF.
 */
const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const DOCTOR_NAME = 'Dra. Helena Prado';
const CRM_LINE = 'CRM/SP 123456';

/** The doctor's profile as the receitas print it (saved as the Configurações page saves it). */
const SETTINGS: DoctorSettings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: DOCTOR_NAME,
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Rua das Flores, 100 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
  doctorEmail: 'helena@clinica.com.br',
  prescriptionsPerPage: 2,
};

/** A signed-in doctor with a saved profile, on the general chat. */
async function openChat() {
  const { page, doctor } = await openSignedInPage(
    session.browser,
    problems,
    session.server.url,
    'desktop',
    { name: DOCTOR_NAME },
  );
  const saved = await doctor.browser.fetch('/api/settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SETTINGS),
  });
  expect(saved.status).toBe(200);
  await page.goto(session.server.url);
  await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));
  return page;
}

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversa com o Prontu' });
const chatInput = (page: Page) => page.getByLabel('Mensagem para o Prontu');

/** Types a command, sends it with Enter and waits for the answer that says it ran. */
async function command(page: Page, text: string, answer: string | RegExp) {
  const before = await conversation(page).getByText(answer).count();
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
  await expect
    .poll(() => conversation(page).getByText(answer).count(), { timeout: 15_000 })
    .toBeGreaterThan(before);
}

/**
 * Sends a print command and waits for the print dialog (the dialog hides the rest of the page,
 * the conversation included, from assistive technology while it is open).
 */
async function openPrintDialog(page: Page, text: string, title: string) {
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await visible(dialog);
  return dialog;
}

const QUICK_DONE = /Receita rápida criada e finalizada/;
/** A controlled or retained receita for a name with no chart behind it (RDC 1.000/2025). */
const NEEDS_A_CHART = /vincule a receita a um paciente cadastrado com CPF ou passaporte/;

describe('prescription commands in the chat', () => {
  it('suggests commands as the doctor types / and answers help, unknown commands and guards', async () => {
    const page = await openChat();
    const input = chatInput(page);
    const commands = page.getByRole('listbox', { name: 'Comandos' });

    await input.fill('/rec');
    await visible(commands);
    await visible(commands.getByRole('option', { name: /\/receita-rapida/ }));
    const options = await commands.getByRole('option').allTextContents();
    const index = options.findIndex((option) => option.startsWith('/receita-rapida'));
    expect(index).toBeGreaterThanOrEqual(0);
    // Down through the whole list (it wraps) and on to the option.
    for (let step = 0; step < options.length + index; step += 1) await input.press('ArrowDown');
    await expect
      .poll(() => commands.getByRole('option', { selected: true }).textContent())
      .toMatch(/^\/receita-rapida/);
    await input.press('Enter');
    expect(await input.inputValue()).toBe('/receita-rapida ');
    await commands.waitFor({ state: 'hidden' });

    await input.fill('/aju');
    await visible(commands);
    await input.press('Escape');
    await commands.waitFor({ state: 'hidden' });
    expect(await input.inputValue()).toBe('/aju');

    // A command typed in full runs on Enter, though the list still offers it.
    const log = conversation(page);
    await command(page, '/ajuda-receitas', 'Comandos básicos');
    await visible(log.getByText('Lotes de receitas'));
    await visible(log.getByText('Utilitários'));

    await command(page, '/xyz', /Comando \/xyz não reconhecido/);
    await command(page, '/finalizar-receita', /Nenhuma receita ativa/);
    await command(page, '/adicionar-ao-lote', 'Nenhum lote ativo. Use /iniciar-lote primeiro.');
    await page.context().close();
  });

  it('prints a lote of two quick receitas: preview, receita content, PDF download, axe', async () => {
    const page = await openChat();
    await command(page, '/iniciar-lote Manhã', /Lote "Manhã" iniciado/);
    // An antimicrobial names the patient's CPF (RDC 1.000/2025): a name alone is refused, saying so.
    await command(
      page,
      '/receita-rapida Maria Souza 45 anos amoxicilina 500mg 8/8h por 7 dias',
      NEEDS_A_CHART,
    );
    await command(
      page,
      '/receita-rapida Maria Souza 45 anos ibuprofeno 400mg 8/8h por 5 dias',
      QUICK_DONE,
    );
    await command(
      page,
      '/receita-rapida João Lima 60 anos losartana 50mg 1x ao dia por 30 dias',
      QUICK_DONE,
    );
    await visible(
      conversation(page)
        .getByText(/Incluída no lote "Manhã"/)
        .nth(1),
    );
    // The second quick receita is current and already in the lote: nothing changes.
    await command(page, '/adicionar-ao-lote', /Receita adicionada ao lote "Manhã" \(2 no lote\)/);
    const dialog = await openPrintDialog(page, '/imprimir', 'Lote: Manhã');
    await visible(dialog.getByRole('button', { name: 'Imprimir (2)' }));
    const pages = await previewPages(dialog);
    // Each patient on a page of her own.
    expect(pages).toHaveLength(2);
    expect(await preview(dialog).getByRole('figure').first().getAttribute('aria-label')).toBe(
      'Página 1 de 2',
    );
    const [maria = '', joao = ''] = pages.map(oneLine);
    expect(maria).toContain('Receituário');
    expect(patientsOf(maria)).toEqual(['Maria Souza']);

    expect(joao).toContain('Receituário');
    expect(patientsOf(joao)).toEqual(['João Lima']);
    expect(joao).toContain(DOCTOR_NAME);
    expect(joao).toContain(CRM_LINE);
    expect(joao).toContain('Tel. (11) 3456-7890');
    expect(joao).toContain('Idade: 60 anos');
    expect(joao).toContain('Uso oral');
    expect(joao).toContain('Losartana 50mg');
    expect(joao).toContain('Tomar 1 comprimido por via oral uma vez ao dia, por 30 dias.');
    expect(joao).toContain('30 (trinta) comprimidos');
    expect(joao).toContain('Página 2 de 2');

    expect(maria).toContain('Ibuprofeno 400mg');
    expect(maria).toContain('15 (quinze) comprimidos');
    expect(maria).toContain('Tomar 1 comprimido por via oral de 8 em 8 horas, por 5 dias.');
    expect(maria).not.toMatch(/8\/8 ?h/);
    expect(maria).toContain('Idade: 45 anos');
    expect(maria).not.toContain('Amoxicilina');

    expect(await seriousA11yViolations(page)).toEqual([]);

    // The file the preview shows, as a PDF file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Baixar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^receitas-lote-manha-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getAuthor()).toBe(DOCTOR_NAME);
    expect(await pdfPagesText(bytes)).toEqual(pages);

    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(conversation(page).getByText('Abrindo a impressão do lote "Manhã".'));
    await page.context().close();
  });

  it("prints 5 receitas of 2 patients at 2 per page on 3 A4 pages in Chromium's print to PDF", async () => {
    const page = await openChat();
    await command(page, '/iniciar-lote Tarde', /Lote "Tarde" iniciado/);
    // Carlos's three receitas fill two pages; Paulo's two share a third, never Carlos's page.
    for (const text of [
      'Carlos Dias 50 anos losartana 50mg 1x ao dia por 30 dias',
      'Paulo Reis 40 anos dipirona 500mg 6/6h por 3 dias',
      'Carlos Dias 50 anos omeprazol 20mg 1x ao dia por 30 dias',
      'Carlos Dias 50 anos metformina 850mg 12/12h por 30 dias',
      'Paulo Reis 40 anos paracetamol 750mg 6/6h por 5 dias',
    ]) {
      await command(page, `/receita-rapida ${text}`, QUICK_DONE);
    }
    const dialog = await openPrintDialog(page, '/imprimir-receitas', 'Lote: Tarde');
    await visible(dialog.getByText('5 receitas · 3 páginas A4'));

    expect((await previewPages(dialog)).map(patientsOf)).toEqual([
      ['Carlos Dias'],
      ['Carlos Dias'],
      ['Paulo Reis'],
    ]);

    // The browser's print dialog can't be driven: print() does nothing, so the print layout
    // (html[data-printing='receitas'] and the print area) stays as printOnly() set it.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await dialog.getByRole('button', { name: 'Imprimir (5)' }).click();
    // Once the page images are decoded.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.printing))
      .toBe('receitas');
    // What prints is the preview's pages: the images PDF.js drew of the server's file.
    const printedPages = page.locator("body > [data-print-area='receitas'] img");
    expect(await printedPages.count()).toBe(3);
    expect(
      await printedPages.evaluateAll((images) => images.map((image) => image.getAttribute('src'))),
    ).toEqual(
      await preview(dialog)
        .locator('img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('src'))),
    );

    // On paper only the receitas show: the app and the dialog are hidden.
    await page.emulateMedia({ media: 'print' });
    await visible(page.locator("body > [data-print-area='receitas']"));
    expect(await page.locator('#root').isVisible()).toBe(false);
    expect(await dialog.isVisible()).toBe(false);
    await page.emulateMedia({ media: null });

    const printed = await page.pdf({
      format: 'A4',
      preferCSSPageSize: true,
      printBackground: true,
    });
    const pdf = await PDFDocument.load(printed);
    expect(pdf.getPageCount()).toBe(3);
    const { width, height } = pdf.getPage(0).getSize();
    expect(Math.round(width)).toBe(595);
    expect(Math.round(height)).toBe(842);
    await page.context().close();
  });

  it("ticks the current patient's receitas of today and prints each chosen patient on sheets of their own", async () => {
    const page = await openChat();
    await command(
      page,
      '/receita-rapida Maria Souza 45 anos losartana 50mg 1x ao dia por 30 dias',
      QUICK_DONE,
    );
    await command(
      page,
      '/receita-rapida João Lima 60 anos dipirona 500mg 6/6h por 3 dias',
      QUICK_DONE,
    );
    await command(
      page,
      '/receita-rapida Maria Souza 45 anos omeprazol 20mg 1x ao dia por 30 dias',
      QUICK_DONE,
    );

    // Maria's receita was just made: her two receitas of today are ticked, João's is not.
    const dialog = await openPrintDialog(page, '/imprimir-receitas', 'Receitas para Impressão');
    const choices = dialog.getByRole('region', { name: 'Escolha as receitas' });
    const maria = choices.getByRole('group', { name: 'Maria Souza' }).getByRole('checkbox');
    const joao = choices.getByRole('group', { name: 'João Lima' }).getByRole('checkbox');
    expect(await maria.count()).toBe(2);
    expect(
      await maria.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked)),
    ).toEqual([true, true]);
    expect(await joao.isChecked()).toBe(false);
    await visible(joao.locator('xpath=..').getByText(/Dipirona 500 ?mg/));
    await visible(dialog.getByRole('button', { name: 'Imprimir (2)' }));
    expect((await previewPages(dialog)).map(patientsOf)).toEqual([['Maria Souza']]);

    // From the keyboard: João's receita joins; Maria's stay on their own page.
    await joao.focus();
    await page.keyboard.press('Space');
    expect(await joao.isChecked()).toBe(true);
    await visible(dialog.getByRole('button', { name: 'Imprimir (3)' }));
    await visible(
      dialog.getByText('3 receitas · 2 páginas A4 · 2 pacientes, cada um em folhas separadas'),
    );
    await expect
      .poll(async () => (await previewPages(dialog)).map(patientsOf))
      .toEqual([['Maria Souza'], ['João Lima']]);
    await visible(dialog.getByRole('heading', { name: 'Maria Souza · 1 página' }));
    await visible(dialog.getByRole('heading', { name: 'João Lima · 1 página' }));
    expect(await seriousA11yViolations(page)).toEqual([]);

    // What prints and what downloads: the file previewed, one patient per page.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await dialog.getByRole('button', { name: 'Imprimir (3)' }).click();
    expect(await page.locator("body > [data-print-area='receitas'] img").count()).toBe(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Baixar PDF' }).click(),
    ]);
    const pdfPages = await pdfPagesText(await readFile(await download.path()));
    expect(pdfPages.map((text) => text.match(/Paciente: (?:Maria Souza|João Lima)/g))).toEqual([
      ['Paciente: Maria Souza', 'Paciente: Maria Souza'],
      ['Paciente: João Lima'],
    ]);

    // Unticking everything (Maria's two at once) leaves nothing to print.
    await choices
      .getByRole('button', { name: 'Desmarcar todas as receitas de Maria Souza' })
      .click();
    expect(
      await maria.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked)),
    ).toEqual([false, false]);
    await joao.uncheck();
    await visible(dialog.getByText('Nenhuma receita selecionada.').first());
    expect(await dialog.getByRole('button', { name: 'Imprimir (0)' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(
      conversation(page).getByText('Abrindo a impressão de 2 receitas de Maria Souza.'),
    );
    await page.context().close();
  });

  it('suggests a receita from a prescribing conversation, creates it, finalises it and copies its text', async () => {
    const page = await openChat();
    const log = conversation(page);
    const ask = async (text: string, replies: number) => {
      await chatInput(page).fill(text);
      await chatInput(page).press('Enter');
      await visible(log.getByText('Modo offline').nth(replies - 1));
    };
    await ask('Atendendo Maria Souza, 45 anos, com dor de garganta e febre há 2 dias.', 1);
    await ask(
      'Vou prescrever ibuprofeno 400mg de 8 em 8 horas por 5 dias para a Maria, 45 anos.',
      2,
    );
    const suggestion = log.getByText(
      'Parece que esta conversa inclui uma prescrição. Deseja criar a receita com os medicamentos citados?',
    );
    await visible(suggestion);
    // The conversation is about a patient too: the record's suggestion comes first.
    const all = await log.innerText();
    const recordAt = all.indexOf('Deseja iniciar um prontuário');
    expect(recordAt).toBeGreaterThanOrEqual(0);
    expect(recordAt).toBeLessThan(all.indexOf('inclui uma prescrição'));
    expect(await seriousA11yViolations(page)).toEqual([]);

    await log.getByRole('button', { name: 'Criar Receita' }).click();
    await visible(log.getByText('Receita iniciada. Use /finalizar-receita para salvar.'));
    await visible(log.getByText(/Ibuprofeno — 400 ?mg/).first());
    await visible(log.getByText(/Receita de Maria/).first());
    // Answered: the suggestion's buttons are gone.
    expect(await log.getByRole('button', { name: 'Criar Receita' }).count()).toBe(0);

    // /mostrar-receita adds the receita in the doctor's template.
    await command(page, '/mostrar-receita', /RECEITUÁRIO/);
    const filled = log.locator('pre').last();
    const template = await filled.innerText();
    expect(template).toContain('Paciente: Maria');
    expect(template).toContain(`${DOCTOR_NAME} — ${CRM_LINE}`);

    await command(page, '/finalizar-receita', /Receita finalizada e salva/);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: session.server.url,
    });
    const dialog = await openPrintDialog(page, '/imprimir', 'Receitas para Impressão');
    await dialog.getByRole('button', { name: 'Copiar texto da receita' }).click();
    await visible(dialog.getByText('Texto copiado para a área de transferência!'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('RECEITUÁRIO');
    expect(copied).toContain('Paciente: Maria');
    expect(copied).toContain('Idade: 45 anos');
    expect(copied).toMatch(/ibuprofeno/i);
    expect(copied).toContain(`${DOCTOR_NAME} — ${CRM_LINE}`);
    expect(copied).toContain('(11) 3456-7890');
    await page.context().close();
  });

  it('says when the receita text could not be copied', async () => {
    const page = await openChat();
    await command(
      page,
      '/receita-rapida João Lima 60 anos losartana 50mg 1x ao dia por 30 dias',
      QUICK_DONE,
    );
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new Error('negado')) },
      });
    });
    const dialog = await openPrintDialog(page, '/imprimir', 'Receitas para Impressão');
    await dialog.getByRole('button', { name: 'Copiar texto da receita' }).click();
    await visible(dialog.getByText('Não foi possível copiar o texto.'));
    await page.context().close();
  });

  it('says when the PDF preview could not be had, and draws it again on request', async () => {
    const page = await openChat();
    await command(
      page,
      '/receita-rapida João Lima 60 anos losartana 50mg 1x ao dia por 30 dias',
      QUICK_DONE,
    );
    // The server out of reach while the dialog asks for the PDF.
    await page.route('**/api/prescriptions/pdf', (route) => route.abort('connectionrefused'));
    const dialog = await openPrintDialog(page, '/imprimir', 'Receitas para Impressão');
    const alert = dialog.getByRole('alert');
    await visible(alert.getByText(API_ERRORS.unreachable.message));
    expect(await dialog.getByRole('button', { name: 'Imprimir (1)' }).isDisabled()).toBe(true);
    expect(await preview(dialog).count()).toBe(0);

    await page.unroute('**/api/prescriptions/pdf');
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    const [joao = ''] = (await previewPages(dialog)).map(oneLine);
    expect(patientsOf(joao)).toEqual(['João Lima']);
    expect(await dialog.getByRole('button', { name: 'Imprimir (1)' }).isEnabled()).toBe(true);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });

  it('prints the quantity to dispense in figures and words and the dose per intake; the doctor overwrites or fills a quantity', async () => {
    const page = await openChat();
    await command(
      page,
      '/receita-rapida Maria Silva 45 anos ibuprofeno 400mg 8/8h por 5 dias',
      QUICK_DONE,
    );
    let dialog = await openPrintDialog(page, '/imprimir', 'Receitas para Impressão');
    const [maria = ''] = (await previewPages(dialog)).map(oneLine);
    expect(maria).toContain('15 (quinze) comprimidos');
    expect(maria).toContain('Tomar 1 comprimido por via oral de 8 em 8 horas, por 5 dias.');
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    await command(
      page,
      '/receita-rapida Beatriz Alves 52 anos losartana 50mg 1 comprimido à noite por 30 dias',
      QUICK_DONE,
    );
    // No frasco volume in the catalogue: the quantity is not computed, and the editor says so.
    await command(
      page,
      '/receita-rapida Carla Dias 30 anos ambroxol xarope 30mg/5ml 5ml 8/8h por 5 dias',
      QUICK_DONE,
    );
    dialog = await openPrintDialog(page, '/imprimir', 'Receitas para Impressão');
    // Carla's receita, the last made, is ticked; Beatriz's is ticked by the doctor.
    await dialog.getByRole('group', { name: 'Beatriz Alves' }).getByRole('checkbox').check();
    const pageOf = async (patient: string) => {
      const found = (await previewPages(dialog)).find((text) => patientsOf(text).includes(patient));
      return oneLine(found ?? '');
    };
    await expect.poll(() => pageOf('Beatriz Alves')).toContain('Losartana');
    const losartana = await pageOf('Beatriz Alves');
    expect(losartana).toContain('Tomar 1 comprimido por via oral à noite, por 30 dias.');
    expect(losartana).toContain('30 (trinta) comprimidos');

    // Issued, a receita no longer changes: a quantity is written on a new version of it.
    const correct = (patient: string) =>
      dialog
        .getByRole('list', { name: 'Situação das receitas' })
        .getByRole('listitem')
        .filter({ hasText: patient })
        .getByRole('button', { name: 'Corrigir receita' })
        .click();
    expect(await dialog.getByLabel(/^Quantidade a dispensar/).count()).toBe(0);
    await correct('Carla Dias');
    const ambroxol = dialog.getByLabel('Quantidade a dispensar de Ambroxol 30mg/5mL');
    expect(await ambroxol.inputValue()).toBe('');
    await visible(dialog.getByText('Quantidade não calculada: informe a quantidade a dispensar.'));
    await ambroxol.fill('1 frasco');
    await ambroxol.press('Enter');
    await expect.poll(() => pageOf('Carla Dias')).toContain('1 (um) frasco');

    // The doctor's own quantity replaces the computed one, on every via.
    await correct('Beatriz Alves');
    const quantity = dialog.getByLabel('Quantidade a dispensar de Losartana 50mg');
    expect(await quantity.inputValue()).toBe('30 (trinta) comprimidos');
    await quantity.fill('2 caixas');
    await quantity.press('Enter');
    await expect
      .poll(async () => occurrences(await pageOf('Beatriz Alves'), '2 (duas) caixas'))
      .toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('prints a schedule of phases, a brand with a bare strength and a bottle as the doctor wrote them', async () => {
    const page = await openChat();
    await command(
      page,
      '/receita-rapida Paulo Reis 40 anos 1) prednisona 20mg 3 cp hoje, depois 1 cp ao dia por 5 dias 2) Cozaar 50 1 cp 12/12h x 7 dias 3) paracetamol 200mg/ml 20 gotas 6/6h por 3 dias frasco de 15 ml',
      QUICK_DONE,
    );
    const dialog = await openPrintDialog(page, '/imprimir', 'Receitas para Impressão');
    const paulo = (await previewPages(dialog)).map(oneLine).join(' ');
    expect(paulo).toContain(
      'Tomar 3 comprimidos por via oral no primeiro dia; depois, 1 comprimido uma vez ao dia, por 5 dias.',
    );
    expect(paulo).toContain('8 (oito) comprimidos');
    expect(paulo).toContain('Cozaar (losartana) 50 mg');
    expect(paulo).toContain('14 (catorze) comprimidos');
    expect(paulo).toContain('Frasco de 15 mL.');
    expect(paulo).toContain('2 (dois) frascos');
    await page.context().close();
  });

  it('warns of varfarina with ibuprofeno in the receita editor and lets it out only with a reason, kept with the receita', async () => {
    const page = await openChat();
    // The server will not issue it past the warning: it is kept as a draft.
    await command(
      page,
      '/receita-rapida Ana Souza 60 anos varfarina 5mg 1x ao dia por 30 dias, ibuprofeno 400mg 8/8h por 3 dias',
      'ficou como rascunho',
    );
    let dialog = await openPrintDialog(page, '/imprimir', 'Receitas para Impressão');
    const warnings = dialog.getByRole('region', { name: 'Avisos de segurança da prescrição' });
    await visible(warnings.getByText('Grave', { exact: true }));
    await visible(warnings.getByText(/sangramento/));
    const printButton = dialog.getByRole('button', { name: 'Imprimir (1)' });
    const download = dialog.getByRole('button', { name: 'Baixar PDF' });
    await visible(
      dialog.getByText(
        'Escreva a justificativa de cada aviso grave ou contraindicado para imprimir, baixar ou assinar.',
      ),
    );
    expect([await printButton.isDisabled(), await download.isDisabled()]).toEqual([true, true]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const reason = warnings.getByLabel(/^Justificativa para manter/);
    await reason.fill('Dor aguda por 3 dias; INR na sexta-feira.');
    await reason.blur();
    await expect.poll(() => printButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    const savedReasons = async () => {
      const answer = await page.request.get(`${session.server.url}/api/prescriptions`);
      const { prescriptions } = (await answer.json()) as {
        prescriptions: { patientName: string; safetyReasons?: { reason: string }[] }[];
      };
      return prescriptions
        .find((prescription) => prescription.patientName === 'Ana Souza')
        ?.safetyReasons?.map((kept) => kept.reason);
    };
    await expect
      .poll(savedReasons, { timeout: 10_000 })
      .toEqual(['Dor aguda por 3 dias; INR na sexta-feira.']);

    // Opened again, the receita goes out as it is, with its reason.
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    dialog = await openPrintDialog(page, '/imprimir', 'Receitas para Impressão');
    expect(await dialog.getByLabel(/^Justificativa para manter/).inputValue()).toBe(
      'Dor aguda por 3 dias; INR na sexta-feira.',
    );
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Imprimir (1)' }).isEnabled(), {
        timeout: 20_000,
      })
      .toBe(true);
    await page.context().close();
  });

  it('refuses controlled quick receitas for a name with no chart, saying which kind and why', async () => {
    const page = await openChat();
    const log = conversation(page);
    await command(
      page,
      '/receita-rapida Ana Ribeiro 30 anos sertralina 50mg 1x ao dia por 30 dias',
      NEEDS_A_CHART,
    );
    await visible(log.getByText(/Para emitir uma receita de controle especial, o CPF do paciente/));
    await command(
      page,
      '/receita-rapida Beatriz Alves 52 anos clonazepam 2mg à noite por 30 dias',
      /Para emitir uma notificação de receita, o CPF do paciente/,
    );
    // Nothing was made of either: the text stays in the chat, to write again from her chart.
    const listed = await page.request.get(`${session.server.url}/api/prescriptions`);
    expect(((await listed.json()) as { prescriptions: unknown[] }).prescriptions).toEqual([]);
    await command(page, '/finalizar-receita', /Nenhuma receita ativa/);
    await page.context().close();
  });
});
