import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { prescriptions, type StoredPrescriptionContent } from '../db/schema';
import { upgraded } from '../testing/older-database';
import { presentPrescription } from './presenter';

/** A receita as written before its life cycle (migration 0011): no validation code. */
async function insertOldReceita(
  database: Database,
  receita: { id: string; finalized: boolean },
): Promise<void> {
  const content: StoredPrescriptionContent = {
    patientName: 'Maria Souza',
    patientAge: '45',
    diagnosis: '',
    medications: [],
    notes: '',
    date: '2026-10-12',
    doctorName: '',
    doctorCRM: '',
  };
  await database.db.execute(sql`
    insert into prescriptions (id, user_id, content, is_finalized, version, created_at, updated_at)
    values (${receita.id}, 'doctor-1', ${JSON.stringify(content)}::jsonb, ${receita.finalized}, 1,
            '2026-10-12T13:00:00Z'::timestamptz, '2026-10-12T13:00:00Z'::timestamptz)`);
}

// Builds a database at an older migration and upgrades it through every later one: as long as
// the other migration tests, and longer with each migration added.
describe('receitas finalised before their life cycle', { timeout: 90_000 }, () => {
  it('are issued with a validation address and code when the database is upgraded; drafts are not', async () => {
    await upgraded(
      '0011_receita_life_cycle',
      async (older) => {
        await older.db.execute(
          sql`insert into users (id, name, email) values ('doctor-1', 'Dra. Helena', 'h@example.com')`,
        );
        await insertOldReceita(older, { id: 'receita-1', finalized: true });
        await insertOldReceita(older, { id: 'receita-2', finalized: true });
        await insertOldReceita(older, { id: 'receita-draft', finalized: false });
      },
      async (_storage, after) => {
        const rows = await after.db.select().from(prescriptions).orderBy(asc(prescriptions.id));
        const [first, second, draft] = rows;
        for (const issued of [first, second]) {
          expect(issued?.publicId).toMatch(/^[\w-]{22}$/);
          expect(issued?.secretCode).toMatch(/^[A-Z2-9]{10}$/);
        }
        expect(first?.publicId).not.toBe(second?.publicId);
        expect(first?.secretCode).not.toBe(second?.secretCode);
        expect([first?.version, second?.version]).toEqual([2, 2]);
        expect(draft).toMatchObject({
          id: 'receita-draft',
          publicId: null,
          secretCode: null,
          version: 1,
        });
        // What the API answers for it: the address and code it prints under its QR code.
        if (!first) throw new Error('receita-1 missing');
        expect(presentPrescription(first, 'https://prontu.example').validation).toEqual({
          url: `https://prontu.example/validar/${first.publicId}`,
          secretCode: first.secretCode,
        });
      },
    );
  });
});
