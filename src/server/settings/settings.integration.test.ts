import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '@shared/account/doctor-settings';
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

function putSettings(browser: TestBrowser, body: unknown, ifMatch?: string): Promise<Response> {
  return writeSettings(browser, 'PUT', body, ifMatch);
}

/** A PUT or PATCH of `/api/settings`, naming the version read when `ifMatch` is given. */
function writeSettings(
  browser: TestBrowser,
  method: 'PUT' | 'PATCH',
  body: unknown,
  ifMatch?: string,
): Promise<Response> {
  return browser.fetch('/api/settings', {
    method,
    headers: {
      'content-type': 'application/json',
      ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }),
    },
    body: JSON.stringify(body),
  });
}

type SettingsAnswer = { success: boolean; settings: DoctorSettings; version: number };
type ConflictAnswer = SettingsAnswer & { error: string; code: string };

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
    expect(await response.json()).toEqual({ success: true, settings: anaSettings, version: 1 });
    expect(response.headers.get('etag')).toBe('"1"');
    expect(await settingsOf(ana.browser)).toEqual(anaSettings);
    expect(await settingsOf(bruno.browser)).toEqual({
      ...DEFAULT_DOCTOR_SETTINGS,
      name: 'Dr. Bruno',
    });
  });

  it('reads a CRM written with its UF as the number and the UF', async () => {
    const response = await putSettings(bruno.browser, {
      ...DEFAULT_DOCTOR_SETTINGS,
      name: 'Dr. Bruno',
      crm: '123456-SP',
    });
    expect(response.status).toBe(200);
    const expected = {
      ...DEFAULT_DOCTOR_SETTINGS,
      name: 'Dr. Bruno',
      crm: '123456',
      crmState: 'SP',
    };
    expect(((await response.json()) as SettingsAnswer).settings).toEqual(expected);
    expect(await settingsOf(bruno.browser)).toEqual(expected);
    const patched = await writeSettings(bruno.browser, 'PATCH', { crm: 'CRM/RJ 52845' });
    expect(patched.status).toBe(200);
    expect(await settingsOf(bruno.browser)).toMatchObject({ crm: '52845', crmState: 'RJ' });
  });

  it('keeps the AI off through a change that does not mention it', async () => {
    expect((await writeSettings(bruno.browser, 'PATCH', { aiEnabled: false })).status).toBe(200);
    expect((await writeSettings(bruno.browser, 'PATCH', { name: 'Dr. Bruno Lima' })).status).toBe(
      200,
    );
    expect(await settingsOf(bruno.browser)).toMatchObject({
      name: 'Dr. Bruno Lima',
      aiEnabled: false,
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
      { ...anaSettings, crm: '123456-SP', crmState: 'RJ' },
      'CRM (crm): O CRM 123456-SP é de SP, mas a UF do CRM escolhida é RJ',
    ],
    [{ ...anaSettings, crm: '123456-XX', crmState: '' }, 'A UF XX do CRM não existe'],
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

  it('keeps the clinic name and CNES, and refuses a CNES that is not 7 digits', async () => {
    const doctor = await signUpDoctor(fixture.server.url, 'Dra. Clara');
    const clinic = { ...anaSettings, clinicName: 'Clínica Bem Viver', cnes: '1234567' };
    const saved = await putSettings(doctor.browser, clinic);
    expect(saved.status).toBe(200);
    expect(await settingsOf(doctor.browser)).toMatchObject({
      clinicName: 'Clínica Bem Viver',
      cnes: '1234567',
    });
    for (const write of [
      () => putSettings(doctor.browser, { ...clinic, cnes: '123456' }),
      () => writeSettings(doctor.browser, 'PATCH', { cnes: '12345678' }),
      () => writeSettings(doctor.browser, 'PATCH', { cnes: '123456a' }),
    ]) {
      const refused = await write();
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ConflictAnswer).error).toContain(
        'O CNES deve ter exatamente 7 dígitos.',
      );
    }
    // A PATCH of another field leaves them as they were.
    expect((await writeSettings(doctor.browser, 'PATCH', { clinicPhone: '' })).status).toBe(200);
    expect(await settingsOf(doctor.browser)).toMatchObject({
      clinicName: 'Clínica Bem Viver',
      cnes: '1234567',
    });
  });

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
    expect(await response.json()).toEqual({ success: true, settings: expected, version: 0 });
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

describe('/api/settings: versions and per-field updates (no lost update)', () => {
  let carla: TestDoctorAccount;

  beforeAll(async () => {
    carla = await signUpDoctor(fixture.server.url, 'Dra. Carla');
  });

  async function versionOf(browser: TestBrowser): Promise<number> {
    const response = await browser.fetch('/api/settings');
    const body = (await response.json()) as SettingsAnswer;
    expect(response.headers.get('etag')).toBe(`"${body.version}"`);
    return body.version;
  }

  it('answers version 0 before the first save, and a stale If-Match of 0 afterwards is a 409', async () => {
    expect(await versionOf(carla.browser)).toBe(0);
    const first = await putSettings(carla.browser, { ...anaSettings, name: 'Dra. Carla' }, '"0"');
    expect(first.status).toBe(200);
    expect(((await first.json()) as SettingsAnswer).version).toBe(1);
    const stale = await putSettings(carla.browser, anaSettings, '"0"');
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as ConflictAnswer;
    expect(body).toMatchObject({ success: false, code: 'settings_changed', version: 1 });
    expect(body.error).toContain('outra aba');
    expect(body.settings.name).toBe('Dra. Carla');
  });

  it('refuses a stale PUT with 409 and the current settings, and keeps them', async () => {
    const read = await versionOf(carla.browser);
    const otherTab = await putSettings(
      carla.browser,
      { ...anaSettings, name: 'Dra. Carla', clinicAddress: 'Rua Nova, 1' },
      `"${read}"`,
    );
    expect(otherTab.status).toBe(200);
    const stale = await putSettings(
      carla.browser,
      { ...anaSettings, name: 'Dra. Carla', prescriptionsPerPage: 3 },
      `"${read}"`,
    );
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as ConflictAnswer;
    expect(body.code).toBe('settings_changed');
    expect(body.version).toBe(read + 1);
    expect(body.settings.clinicAddress).toBe('Rua Nova, 1');
    expect(await settingsOf(carla.browser)).toEqual(body.settings);
  });

  it('refuses a stale PATCH with 409 and the current settings', async () => {
    const read = await versionOf(carla.browser);
    expect((await writeSettings(carla.browser, 'PATCH', { crm: '654321' })).status).toBe(200);
    const stale = await writeSettings(carla.browser, 'PATCH', { crm: '111' }, `"${read}"`);
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as ConflictAnswer;
    expect(body).toMatchObject({ code: 'settings_changed', version: read + 1 });
    expect(body.settings.crm).toBe('654321');
    expect((await settingsOf(carla.browser)).crm).toBe('654321');
  });

  it('keeps both of two PATCHes of different fields from the same version', async () => {
    const before = await settingsOf(carla.browser);
    const [phone, email] = await Promise.all([
      writeSettings(carla.browser, 'PATCH', { clinicPhone: '(21) 2345-6789' }),
      writeSettings(carla.browser, 'PATCH', { doctorEmail: 'carla@clinica.com.br' }),
    ]);
    expect([phone.status, email.status]).toEqual([200, 200]);
    expect(await settingsOf(carla.browser)).toEqual({
      ...before,
      clinicPhone: '(21) 2345-6789',
      doctorEmail: 'carla@clinica.com.br',
    });
  });

  it('checks a PATCH field by field and the merged settings as a whole', async () => {
    const before = await settingsOf(carla.browser);
    const badField = await writeSettings(carla.browser, 'PATCH', { doctorEmail: 'x@' });
    expect(badField.status).toBe(400);
    const unknown = await writeSettings(carla.browser, 'PATCH', { role: 'admin' });
    expect(unknown.status).toBe(400);
    const noUf = await writeSettings(carla.browser, 'PATCH', { crmState: '' });
    expect(noUf.status).toBe(400);
    expect(((await noUf.json()) as ConflictAnswer).error).toContain('Informe a UF do CRM');
    expect(await settingsOf(carla.browser)).toEqual(before);
  });

  it('lets exactly one of several writes naming the same version through', async () => {
    const read = await versionOf(carla.browser);
    const settings = await settingsOf(carla.browser);
    const answers = await Promise.all([
      writeSettings(carla.browser, 'PATCH', { prescriptionText: 'Aba A' }, `"${read}"`),
      writeSettings(carla.browser, 'PATCH', { prescriptionText: 'Aba B' }, `"${read}"`),
      putSettings(carla.browser, { ...settings, name: 'C' }, `"${read}"`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await versionOf(carla.browser)).toBe(read + 1);
  });

  it('resets only the version read, with If-Match', async () => {
    const read = await versionOf(carla.browser);
    expect((await writeSettings(carla.browser, 'PATCH', { crm: '2' })).status).toBe(200);
    const stale = await carla.browser.fetch('/api/settings', {
      method: 'DELETE',
      headers: { 'if-match': `"${read}"` },
    });
    expect(stale.status).toBe(409);
    expect((await settingsOf(carla.browser)).crm).toBe('2');
  });

  it('refuses an If-Match that is not a version', async () => {
    const response = await putSettings(carla.browser, anaSettings, 'abc');
    expect(response.status).toBe(400);
  });
});
