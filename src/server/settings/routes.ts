import { Hono, type Context } from 'hono';
import {
  DEFAULT_DOCTOR_SETTINGS,
  doctorSettingsPatchSchema,
  doctorSettingsSchema,
  readStoredSettings,
  type DoctorSettings,
} from '@shared/account/doctor-settings';
import { AI_USE_SUMMARY_DAYS, summariseAiUses } from '@shared/ai/use';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppDatabase } from '../db/database';
import type { AppEnv, Doctor } from '../http/app-env';
import { conflict } from '../http/errors';
import { parseOrBadRequest, readJsonBody } from '../http/json-body';
import { etagOf, parseIfMatch } from '../http/versions';
import {
  UNSAVED_VERSION,
  createSettingsRepository,
  type SettingsWriteOutcome,
  type StoredSettings,
} from './repository';
import { createRecordRepository } from '../medical-records/repository';

const SETTINGS_CHANGED =
  'As configurações foram alteradas em outra aba ou dispositivo. Confira as atuais antes de salvar de novo.';
const INVALID_IF_MATCH = 'Cabeçalho If-Match inválido: envie a versão das configurações lida.';

/**
 * `/api/settings`: the signed-in doctor's settings (docs/architecture.md, "Dados no aparelho": stored per user on the
 * server, cached by the browser under `doctorSettings`). Always scoped to the session's doctor.
 * Every answer carries the settings' `version` (also as `ETag`); `PUT`, `PATCH` and `DELETE`
 * with `If-Match` are done only over that version, else 409 with the current settings.
 */
export function settingsRoutes(deps: { db: AppDatabase; sessions: SessionVerifier }): Hono<AppEnv> {
  const settingsStore = createSettingsRepository(deps.db);
  const records = createRecordRepository(deps.db);
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  /** The settings a doctor reads: what they saved, else what a new doctor starts with. */
  const readableSettings = (c: Context<AppEnv>, doctor: Doctor, stored?: StoredSettings) => {
    const settings = stored ? readStoredSettings(stored.settings) : undefined;
    if (stored && !settings) c.get('log').warn({ userId: doctor.id }, 'stored settings unreadable');
    return settings ?? defaultsFor(doctor);
  };

  /** The answer to a write, or the 409 naming the settings as they are now. */
  const writeAnswer = (
    c: Context<AppEnv>,
    doctor: Doctor,
    settings: DoctorSettings,
    outcome: SettingsWriteOutcome,
  ) => {
    if (outcome.kind === 'stale') {
      throw conflict(SETTINGS_CHANGED, 'settings_changed', {
        settings: readableSettings(c, doctor, outcome.current),
        version: outcome.current?.version ?? UNSAVED_VERSION,
      });
    }
    c.header('ETag', etagOf(outcome.version));
    return c.json({ success: true, settings, version: outcome.version });
  };

  routes.get('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const stored = await settingsStore.find(doctor.id);
    const version = stored?.version ?? UNSAVED_VERSION;
    c.header('ETag', etagOf(version));
    return c.json({ success: true, settings: readableSettings(c, doctor, stored), version });
  });

  routes.put('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const settings = await readJsonBody(c, doctorSettingsSchema);
    const outcome = await settingsStore.replace(doctor.id, settings, expectedVersion);
    return writeAnswer(c, doctor, settings, outcome);
  });

  // Only the fields sent change, merged with what is stored under a row lock: two tabs that
  // edit different fields both keep their edit.
  routes.patch('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const changes = await readJsonBody(c, doctorSettingsPatchSchema);
    let merged: DoctorSettings | undefined;
    const outcome = await settingsStore.update(
      doctor.id,
      (stored) => {
        // The rules across fields (a CRM needs its UF) hold for the settings as merged.
        merged = parseOrBadRequest(doctorSettingsSchema, {
          ...readableSettings(c, doctor, stored),
          ...withoutUndefined(changes),
        });
        return merged;
      },
      expectedVersion,
    );
    return writeAnswer(c, doctor, merged ?? defaultsFor(doctor), outcome);
  });

  // Her own uses of AI of the last days, per feature, for her monitoring
  // (docs/ia-riscos.md, "Monitoramento").
  routes.get('/ai-use', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const since = new Date(Date.now() - AI_USE_SUMMARY_DAYS * 24 * 60 * 60 * 1000);
    const counts = await records.aiUseCountsSince(doctor.id, since);
    return c.json({
      success: true,
      since: since.toISOString(),
      features: summariseAiUses(counts),
    });
  });

  // Reset: forget what was saved; the answer is what a new doctor starts with.
  routes.delete('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    if (!(await settingsStore.remove(doctor.id, expectedVersion))) {
      writeAnswer(c, doctor, defaultsFor(doctor), {
        kind: 'stale',
        current: await settingsStore.find(doctor.id),
      });
    }
    c.header('ETag', etagOf(UNSAVED_VERSION));
    return c.json({ success: true, settings: defaultsFor(doctor), version: UNSAVED_VERSION });
  });

  return routes;
}

/** A doctor who never saved settings starts with the name they signed up with. */
function defaultsFor(doctor: Doctor): DoctorSettings {
  return { ...DEFAULT_DOCTOR_SETTINGS, name: doctor.name.slice(0, 200) };
}

/** The fields actually sent: one left out keeps its stored value. */
function withoutUndefined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
