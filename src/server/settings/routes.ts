import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  DEFAULT_DOCTOR_SETTINGS,
  doctorSettingsSchema,
  readStoredSettings,
  type DoctorSettings,
} from '../../shared/doctor-settings';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppDatabase } from '../db/database';
import { doctorSettings } from '../db/schema';
import type { AppEnv, Doctor } from '../http/app-env';
import { readJsonBody } from '../http/json-body';

/**
 * `/api/settings`: the signed-in doctor's settings (ARCHITECTURE.md: stored per user on the
 * server, cached by the browser under `doctorSettings`). Always scoped to the session's doctor.
 */
export function settingsRoutes(deps: { db: AppDatabase; sessions: SessionVerifier }): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  routes.get('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const [row] = await db
      .select({ settings: doctorSettings.settings })
      .from(doctorSettings)
      .where(eq(doctorSettings.userId, doctor.id));
    const stored = row ? readStoredSettings(row.settings) : undefined;
    if (row && !stored) c.get('log').warn({ userId: doctor.id }, 'stored settings unreadable');
    return c.json({ success: true, settings: stored ?? defaultsFor(doctor) });
  });

  routes.put('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const settings = await readJsonBody(c, doctorSettingsSchema);
    const updatedAt = new Date();
    await db
      .insert(doctorSettings)
      .values({ userId: doctor.id, settings, updatedAt })
      .onConflictDoUpdate({ target: doctorSettings.userId, set: { settings, updatedAt } });
    return c.json({ success: true, settings });
  });

  // Reset: forget what was saved; the answer is what a new doctor starts with.
  routes.delete('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    await db.delete(doctorSettings).where(eq(doctorSettings.userId, doctor.id));
    return c.json({ success: true, settings: defaultsFor(doctor) });
  });

  return routes;
}

/** A doctor who never saved settings starts with the name they signed up with. */
function defaultsFor(doctor: Doctor): DoctorSettings {
  return { ...DEFAULT_DOCTOR_SETTINGS, name: doctor.name.slice(0, 200) };
}
