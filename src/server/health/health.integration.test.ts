import { beforeAll, describe, expect, it } from 'vitest';
import { documentsApi } from '@shared/api/documents';
import { healthApi } from '@shared/api/health';
import { patientsApi } from '@shared/api/patients';
import { settingsApi } from '@shared/api/settings';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { freeLoopbackPort } from '../testing/free-port';
import { useTestServer } from '../testing/server-fixture';
import { testDatabaseKind } from '../testing/test-storage';
import { signUpDoctor } from '../testing/test-server';

const PROFILE = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
};

/** The same server reached at its IPv4 loopback address instead of `localhost`. */
const byIp = (url: string) => url.replace('//localhost:', '//127.0.0.1:');

/**
 * A doctor with an issued atestado, and a way to read it and the server's health from another
 * address of the server (her requests' own origin).
 */
async function doctorWithIssuedDocument(serverUrl: string) {
  const doctor = await signUpDoctor(serverUrl);
  const { api } = doctor.browser;
  await api.call(settingsApi.replace, { body: PROFILE });
  const { patient } = await api.call(patientsApi.create, {
    body: { name: 'Maria Aparecida dos Santos', birthDate: '12/03/1961', sex: 'feminino' },
  });
  const { document: draft } = await api.call(documentsApi.create, {
    body: {
      kind: 'atestado',
      patientId: patient.id,
      content: { days: 3, startDate: '2026-11-26', showCid: false },
    },
  });
  await api.call(documentsApi.issue, { params: { id: draft.id } });
  return {
    /** Health and the document's validation address, as read from `url`. */
    readFrom: async (url: string) => {
      const tab = doctor.browser.pointedAt(url).api;
      const [health, { document }] = await Promise.all([
        tab.call(healthApi.get, {}),
        tab.call(documentsApi.get, { params: { id: draft.id } }),
      ]);
      return { health, validationUrl: document.validation?.url };
    },
  };
}

describe('/api/health without PUBLIC_URL', () => {
  const fixture = useTestServer();
  let reader: Awaited<ReturnType<typeof doctorWithIssuedDocument>>;
  beforeAll(async () => {
    reader = await doctorWithIssuedDocument(fixture.server.url);
  });

  it("tells a signed-in doctor the validation address is this request's own, as documents carry it", async () => {
    const viaName = await reader.readFrom(fixture.server.url);
    expect(viaName.health).toEqual({
      ok: true,
      db: testDatabaseKind(),
      ai: 'offline',
      validation: { origin: fixture.server.url, fromPublicUrl: false },
    });
    expect(viaName.validationUrl).toMatch(new RegExp(`^${fixture.server.url}/validar/[\\w-]+$`));

    // Another address, another origin in the answer and in the document's link.
    const viaIp = await reader.readFrom(byIp(fixture.server.url));
    expect(viaIp.health.validation).toEqual({
      origin: byIp(fixture.server.url),
      fromPublicUrl: false,
    });
    expect(viaIp.validationUrl?.startsWith(`${byIp(fixture.server.url)}/validar/`)).toBe(true);
  });
});

describe('/api/health with PUBLIC_URL', () => {
  let publicUrl = '';
  // PUBLIC_URL is the origin writes must come from: the server's own name, on a port chosen now.
  const fixture = useTestServer({
    env: async () => {
      const port = await freeLoopbackPort();
      publicUrl = `http://localhost:${port}`;
      return { PORT: String(port), PUBLIC_URL: `${publicUrl}/` };
    },
  });
  let reader: Awaited<ReturnType<typeof doctorWithIssuedDocument>>;
  beforeAll(async () => {
    reader = await doctorWithIssuedDocument(fixture.server.url);
  });

  it('tells a signed-in doctor the validation address is PUBLIC_URL, from any address', async () => {
    expect(fixture.server.url).toBe(publicUrl);
    for (const url of [fixture.server.url, byIp(fixture.server.url)]) {
      const read = await reader.readFrom(url);
      expect(read.health.validation).toEqual({ origin: publicUrl, fromPublicUrl: true });
      expect(read.validationUrl?.startsWith(`${publicUrl}/validar/`)).toBe(true);
    }
  });
});
