import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '../../shared/doctor-settings';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, TestBrowser, type TestDoctorAccount } from '../testing/test-server';

const fixture = useTestServer();

let ana: TestDoctorAccount;
let bruno: TestDoctorAccount;

const anaSettings: DoctorSettings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Ana Souza',
  crm: '123456',
  crmState: 'SP',
  prescriptionName: 'Dra. Ana M. Souza',
  prescriptionText: 'Clínica Médica',
  clinicAddress: 'Rua das Flores, 100',
  clinicPhone: '(11) 3456-7890',
  doctorEmail: 'ana@clinica.com.br',
  prescriptionsPerPage: 4,
};

beforeAll(async () => {
  ana = await signUpDoctor(fixture.server.url, 'Dra. Ana');
  bruno = await signUpDoctor(fixture.server.url, 'Dr. Bruno');
});

function putSettings(browser: TestBrowser, body: unknown): Promise<Response> {
  return browser.fetch('/api/settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function settingsOf(browser: TestBrowser): Promise<DoctorSettings> {
  const response = await browser.fetch('/api/settings');
  expect(response.status).toBe(200);
  const body = (await response.json()) as { success: boolean; settings: DoctorSettings };
  expect(body.success).toBe(true);
  return body.settings;
}

describe('/api/settings', () => {
  it('starts from the defaults with the name the doctor signed up with', async () => {
    expect(await settingsOf(ana.browser)).toEqual({ ...DEFAULT_DOCTOR_SETTINGS, name: 'Dra. Ana' });
  });

  it('saves the settings and reads them back, for that doctor only', async () => {
    const response = await putSettings(ana.browser, anaSettings);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, settings: anaSettings });
    expect(await settingsOf(ana.browser)).toEqual(anaSettings);
    expect(await settingsOf(bruno.browser)).toEqual({
      ...DEFAULT_DOCTOR_SETTINGS,
      name: 'Dr. Bruno',
    });
  });

  it('overwrites on a second save', async () => {
    const changed = { ...anaSettings, prescriptionsPerPage: 1, clinicPhone: '11 98765-4321' };
    expect((await putSettings(ana.browser, changed)).status).toBe(200);
    expect(await settingsOf(ana.browser)).toEqual(changed);
  });

  it.each([
    [{ ...anaSettings, doctorEmail: 'ana@' }, 'E-mail (doctorEmail): E-mail inválido.'],
    [{ ...anaSettings, crm: '12a' }, 'CRM (crm): O CRM deve conter apenas números'],
    [{ ...anaSettings, crmState: 'ZZ' }, 'UF válida'],
    [{ ...anaSettings, clinicPhone: '123' }, 'Telefone inválido'],
    [
      { ...anaSettings, prescriptionsPerPage: 5 },
      'Receitas por página (prescriptionsPerPage): deve ser no máximo 4',
    ],
    [{ ...anaSettings, role: 'admin' }, 'não reconhecido: role'],
    [{ name: 'Só o nome' }, 'obrigatório'],
    [
      { ...anaSettings, clinicAddress: 'Rua\u0000 A' },
      'Texto com caractere inválido em clinicAddress.',
    ],
    [{ ...anaSettings, name: 'Ana\u0000' }, 'Texto com caractere inválido em name.'],
  ])(
    'refuses invalid settings with a Portuguese message and keeps what was saved (%#)',
    async (body, message) => {
      const before = await settingsOf(ana.browser);
      const response = await putSettings(ana.browser, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { success: boolean; error: string };
      expect(answer.success).toBe(false);
      expect(answer.error).toContain(message);
      expect(await settingsOf(ana.browser)).toEqual(before);
    },
  );

  it('refuses a body that is not JSON', async () => {
    const response = await ana.browser.fetch('/api/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(response.status).toBe(400);
  });

  it('resets to the defaults', async () => {
    const response = await ana.browser.fetch('/api/settings', { method: 'DELETE' });
    expect(response.status).toBe(200);
    const expected = { ...DEFAULT_DOCTOR_SETTINGS, name: 'Dra. Ana' };
    expect(await response.json()).toEqual({ success: true, settings: expected });
    expect(await settingsOf(ana.browser)).toEqual(expected);
  });

  it('needs a session for every method', async () => {
    const stranger = new TestBrowser(fixture.server.url);
    expect((await stranger.fetch('/api/settings')).status).toBe(401);
    expect((await putSettings(stranger, anaSettings)).status).toBe(401);
    expect((await stranger.fetch('/api/settings', { method: 'DELETE' })).status).toBe(401);
  });

  it('refuses a write from another site', async () => {
    const response = await fetch(new URL('/api/settings', fixture.server.url), {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        cookie: ana.browser.cookieHeader ?? '',
        origin: 'https://evil.example',
      },
      body: JSON.stringify(anaSettings),
    });
    expect(response.status).toBe(403);
  });
});
