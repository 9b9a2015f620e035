import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppTransaction } from '../db/database';
import { prescriptions } from '../db/schema';
import { newPublicId, newSecretCode } from '../documents/validation-code';

/** Receitas given their codes per UPDATE: one JSON parameter, whatever the count. */
const RECEITAS_PER_STATEMENT = 1_000;

/**
 * Gives every receita finalised before the receita life cycle (migration 0011) what finalising
 * gives one now (docs/documentos.md): its public validation address and secret code, so it prints with
 * its QR code and can be checked like any other. Drafts stay without. Each one issued is a new
 * version, so a copy a browser held from before is not written over it. Runs inside the
 * caller's transaction.
 * @returns how many receitas were given codes
 */
export async function issueEarlierReceitas(tx: AppTransaction): Promise<{ receitas: number }> {
  const waiting = await tx
    .select({ id: prescriptions.id })
    .from(prescriptions)
    .where(and(eq(prescriptions.isFinalized, true), isNull(prescriptions.publicId)));
  for (let at = 0; at < waiting.length; at += RECEITAS_PER_STATEMENT) {
    const codes = waiting
      .slice(at, at + RECEITAS_PER_STATEMENT)
      .map(({ id }) => ({ id, public_id: newPublicId(), secret_code: newSecretCode() }));
    await tx.execute(sql`
      update ${prescriptions}
      set public_id = code.public_id, secret_code = code.secret_code, version = version + 1
      from jsonb_to_recordset(${JSON.stringify(codes)}::jsonb)
        as code(id text, public_id text, secret_code text)
      where ${prescriptions.id} = code.id`);
  }
  return { receitas: waiting.length };
}
