import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { signingCertificates, type SigningCertificateRow } from '../db/schema';

/** The doctors' certificates in custody: one per doctor, replaced by a new upload. */
export function createSigningCertificateRepository(db: AppDatabase) {
  return {
    find: async (userId: string): Promise<SigningCertificateRow | undefined> => {
      const [row] = await db
        .select()
        .from(signingCertificates)
        .where(eq(signingCertificates.userId, userId));
      return row;
    },

    async save(row: SigningCertificateRow): Promise<void> {
      const { userId: _userId, ...replaced } = row;
      await db
        .insert(signingCertificates)
        .values(row)
        .onConflictDoUpdate({ target: signingCertificates.userId, set: replaced });
    },

    /** Deletes the doctor's certificate; false when there was none. */
    remove: async (userId: string): Promise<boolean> => {
      const removed = await db
        .delete(signingCertificates)
        .where(eq(signingCertificates.userId, userId))
        .returning({ userId: signingCertificates.userId });
      return removed.length > 0;
    },
  };
}
