import { symmetricDecrypt } from 'better-auth/crypto';
import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { twoFactors, users } from '../db/schema';
import type { Snapshot } from './snapshot';

type SnapshotTable = Snapshot['tables'][number];

/** A snapshot's table of a schema table, and where one of its columns sits in each row. */
function tableOf(snapshot: Snapshot, table: PgTable) {
  const name = getTableName(table);
  return snapshot.tables.find((candidate) => candidate.name === name);
}

function columnIndex(table: SnapshotTable, column: PgColumn): number {
  const index = table.columns.indexOf(column.name);
  if (index < 0)
    throw new Error(`A coluna ${column.name} falta na tabela ${table.name} do backup.`);
  return index;
}

/**
 * The doctors whose two-factor enrolment the restored server could not read: their TOTP secret
 * and recovery codes are encrypted under the auth secret (docs/dois-fatores.md), which no
 * backup holds, so they only decrypt with the secret of the server the backup came from.
 * @param secret - the auth secret the restored server will use; undefined when it has none yet
 * @returns the ids of those doctors (every enrolled doctor when `secret` is undefined)
 */
export async function doctorsWithUnreadableTwoFactor(
  snapshot: Snapshot,
  secret: string | undefined,
): Promise<string[]> {
  const table = tableOf(snapshot, twoFactors);
  if (!table) return [];
  const userIdAt = columnIndex(table, twoFactors.userId);
  const secretAt = columnIndex(table, twoFactors.secret);
  const unreadable: string[] = [];
  for (const row of table.rows) {
    const userId = row[userIdAt] ?? '';
    const encrypted = row[secretAt] ?? '';
    if (secret === undefined || !(await decrypts(secret, encrypted))) unreadable.push(userId);
  }
  return unreadable;
}

/** Whether the auth secret opens this ciphertext, as Better Auth's two-factor plugin opens it. */
async function decrypts(secret: string, data: string): Promise<boolean> {
  try {
    await symmetricDecrypt({ key: secret, data });
    return true;
  } catch {
    return false;
  }
}

/**
 * The snapshot with these doctors' two-factor enrolment removed: no `two_factors` row and
 * `two_factor_enabled` off. They sign in with their password and enrol again.
 */
export function withoutTwoFactorOf(snapshot: Snapshot, userIds: readonly string[]): Snapshot {
  const reset = new Set(userIds);
  const twoFactorName = getTableName(twoFactors);
  const usersName = getTableName(users);
  return {
    ...snapshot,
    tables: snapshot.tables.map((table) => {
      if (table.name === twoFactorName) {
        const userIdAt = columnIndex(table, twoFactors.userId);
        return { ...table, rows: table.rows.filter((row) => !reset.has(row[userIdAt] ?? '')) };
      }
      if (table.name === usersName) {
        const idAt = columnIndex(table, users.id);
        const enabledAt = columnIndex(table, users.twoFactorEnabled);
        return {
          ...table,
          rows: table.rows.map((row) =>
            reset.has(row[idAt] ?? '')
              ? row.map((value, index) => (index === enabledAt ? 'false' : value))
              : row,
          ),
        };
      }
      return table;
    }),
  };
}

/** The e-mails of these doctors, as the snapshot holds them, to tell the operator who. */
export function emailsOf(snapshot: Snapshot, userIds: readonly string[]): string[] {
  const table = tableOf(snapshot, users);
  if (!table) return [];
  const idAt = columnIndex(table, users.id);
  const emailAt = columnIndex(table, users.email);
  const wanted = new Set(userIds);
  return table.rows
    .filter((row) => wanted.has(row[idAt] ?? ''))
    .map((row) => row[emailAt] ?? '')
    .sort();
}
