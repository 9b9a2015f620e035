import { symmetricEncrypt } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { withoutKeys, type Snapshot } from './snapshot';
import { doctorsWithUnreadableTwoFactor, emailsOf, withoutTwoFactorOf } from './two-factor-restore';

const ORIGIN_SECRET = 'segredo-do-servidor-de-origem-0123456789';
const OTHER_SECRET = 'segredo-de-outro-servidor-qualquer-98765';

async function snapshotWithEnrolledDoctor(): Promise<Snapshot> {
  const encrypted = await symmetricEncrypt({ key: ORIGIN_SECRET, data: 'TOTPSECRET' });
  return {
    format: 'prontu-backup',
    version: 1,
    createdAt: '2026-01-02T03:04:05.000Z',
    databaseKind: 'pglite',
    migrations: [],
    tables: [
      {
        name: 'users',
        columns: ['id', 'email', 'two_factor_enabled'],
        rows: [
          ['u1', 'ana@prontu.test', 'true'],
          ['u2', 'bia@prontu.test', 'false'],
        ],
      },
      {
        name: 'two_factors',
        columns: ['id', 'user_id', 'secret', 'backup_codes'],
        rows: [['t1', 'u1', encrypted, encrypted]],
      },
      {
        name: 'sessions',
        columns: ['id', 'token', 'user_id'],
        rows: [['s1', 'token-de-sessao', 'u1']],
      },
      {
        name: 'verifications',
        columns: ['id', 'identifier', 'value'],
        rows: [['v1', 'trust-device-x', 'u1']],
      },
    ],
    sequences: [],
    authSecret: ORIGIN_SECRET,
  };
}

describe('two-factor enrolments on restore', () => {
  it('reads an enrolment with the original auth secret only', async () => {
    const snapshot = await snapshotWithEnrolledDoctor();
    expect(await doctorsWithUnreadableTwoFactor(snapshot, ORIGIN_SECRET)).toEqual([]);
    expect(await doctorsWithUnreadableTwoFactor(snapshot, OTHER_SECRET)).toEqual(['u1']);
    expect(await doctorsWithUnreadableTwoFactor(snapshot, undefined)).toEqual(['u1']);
    expect(emailsOf(snapshot, ['u1'])).toEqual(['ana@prontu.test']);
  });

  it('removes the enrolment of the doctors named, and nothing else', async () => {
    const snapshot = await snapshotWithEnrolledDoctor();
    const reset = withoutTwoFactorOf(snapshot, ['u1']);
    const table = (name: string) => reset.tables.find((each) => each.name === name)?.rows;
    expect(table('two_factors')).toEqual([]);
    expect(table('users')).toEqual([
      ['u1', 'ana@prontu.test', 'false'],
      ['u2', 'bia@prontu.test', 'false'],
    ]);
    expect(withoutTwoFactorOf(snapshot, ['u2'])).toEqual(snapshot);
  });
});

describe('keys left out of a snapshot', () => {
  it('drops session and verification rows and the auth secret, keeping their columns', async () => {
    const snapshot = await snapshotWithEnrolledDoctor();
    const clean = withoutKeys(snapshot);
    expect(clean.authSecret).toBeUndefined();
    expect(clean.tables.find((each) => each.name === 'sessions')).toEqual({
      name: 'sessions',
      columns: ['id', 'token', 'user_id'],
      rows: [],
    });
    expect(clean.tables.find((each) => each.name === 'verifications')?.rows).toEqual([]);
    expect(clean.tables.find((each) => each.name === 'users')).toEqual(snapshot.tables[0]);
    expect(JSON.stringify(clean)).not.toContain('token-de-sessao');
    expect(JSON.stringify(clean)).not.toContain(ORIGIN_SECRET);
  });
});
