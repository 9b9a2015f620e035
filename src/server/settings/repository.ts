import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_DOCTOR_SETTINGS,
  readStoredSettings,
  type DoctorSettings,
} from '@shared/account/doctor-settings';
import type { AppDatabase } from '../db/database';
import { doctorSettings } from '../db/schema';

// One row per doctor, keyed by their id: every query here is scoped by it. A doctor who never
// saved has no row, which reads as version 0.

/** The stored settings of one doctor as saved (not yet read through the shared schema). */
export interface StoredSettings {
  settings: unknown;
  version: number;
}

export type SettingsWriteOutcome =
  | { kind: 'saved'; version: number }
  /** If-Match named another version: nothing written; what is stored now (undefined: none). */
  | { kind: 'stale'; current: StoredSettings | undefined };

/** The version a doctor without a row is at. */
export const UNSAVED_VERSION = 0;

/** The settings store of one database. */
export function createSettingsRepository(db: AppDatabase) {
  const find = async (userId: string): Promise<StoredSettings | undefined> => {
    const [row] = await db
      .select({ settings: doctorSettings.settings, version: doctorSettings.version })
      .from(doctorSettings)
      .where(eq(doctorSettings.userId, userId));
    return row;
  };

  return {
    find,

    /** The doctor's settings as the shared schema reads them; the defaults for one who never saved. */
    async profile(userId: string): Promise<DoctorSettings> {
      const stored = await find(userId);
      return (stored && readStoredSettings(stored.settings)) ?? DEFAULT_DOCTOR_SETTINGS;
    },

    /**
     * Replaces the doctor's settings. With `expectedVersion` (If-Match), only over that version,
     * in one statement (a conditional UPDATE, or an INSERT that does nothing if a row appeared).
     */
    async replace(
      userId: string,
      settings: object,
      expectedVersion: number | undefined,
    ): Promise<SettingsWriteOutcome> {
      const updatedAt = new Date();
      let saved: { version: number } | undefined;
      if (expectedVersion === undefined) {
        [saved] = await db
          .insert(doctorSettings)
          .values({ userId, settings, version: 1, updatedAt })
          .onConflictDoUpdate({
            target: doctorSettings.userId,
            set: { settings, updatedAt, version: sql`${doctorSettings.version} + 1` },
          })
          .returning({ version: doctorSettings.version });
      } else if (expectedVersion === UNSAVED_VERSION) {
        [saved] = await db
          .insert(doctorSettings)
          .values({ userId, settings, version: 1, updatedAt })
          .onConflictDoNothing({ target: doctorSettings.userId })
          .returning({ version: doctorSettings.version });
      } else {
        [saved] = await db
          .update(doctorSettings)
          .set({ settings, updatedAt, version: expectedVersion + 1 })
          .where(
            and(eq(doctorSettings.userId, userId), eq(doctorSettings.version, expectedVersion)),
          )
          .returning({ version: doctorSettings.version });
      }
      return saved
        ? { kind: 'saved', version: saved.version }
        : { kind: 'stale', current: await find(userId) };
    },

    /**
     * Changes some of the doctor's settings: `merge` gets what is stored (undefined: none) and
     * answers the settings to store, or throws (e.g. a 400). Under a row lock, so two tabs that
     * change different fields both keep their change.
     */
    async update(
      userId: string,
      merge: (stored: StoredSettings | undefined) => object,
      expectedVersion: number | undefined,
    ): Promise<SettingsWriteOutcome> {
      // Two first saves at once both find no row to lock; the loser's INSERT does nothing, and
      // its second try finds (and locks) the winner's row.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const outcome = await db.transaction(async (tx) => {
          const [stored] = await tx
            .select({ settings: doctorSettings.settings, version: doctorSettings.version })
            .from(doctorSettings)
            .where(eq(doctorSettings.userId, userId))
            .for('update');
          const version = stored?.version ?? UNSAVED_VERSION;
          if (expectedVersion !== undefined && expectedVersion !== version) {
            return { kind: 'stale', current: stored } as const;
          }
          const settings = merge(stored);
          const updatedAt = new Date();
          const [saved] = stored
            ? await tx
                .update(doctorSettings)
                .set({ settings, updatedAt, version: version + 1 })
                .where(and(eq(doctorSettings.userId, userId), eq(doctorSettings.version, version)))
                .returning({ version: doctorSettings.version })
            : await tx
                .insert(doctorSettings)
                .values({ userId, settings, version: 1, updatedAt })
                .onConflictDoNothing({ target: doctorSettings.userId })
                .returning({ version: doctorSettings.version });
          return saved ? ({ kind: 'saved', version: saved.version } as const) : undefined;
        });
        if (outcome) return outcome;
      }
      throw new Error('settings update lost its row twice');
    },

    /**
     * Forgets the doctor's settings. With `expectedVersion`, only that version.
     * @returns whether it was done (false: If-Match named another version)
     */
    async remove(userId: string, expectedVersion: number | undefined): Promise<boolean> {
      if (expectedVersion === UNSAVED_VERSION) return (await find(userId)) === undefined;
      const deleted = await db
        .delete(doctorSettings)
        .where(
          and(
            eq(doctorSettings.userId, userId),
            expectedVersion === undefined ? undefined : eq(doctorSettings.version, expectedVersion),
          ),
        )
        .returning({ version: doctorSettings.version });
      return deleted.length > 0 || expectedVersion === undefined;
    },
  };
}
