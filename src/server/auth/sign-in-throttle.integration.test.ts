import { describe, expect, it } from 'vitest';
import {
  FIRST_SIGN_IN_LOCK_SECONDS,
  FREE_SIGN_IN_ATTEMPTS,
  createSignInThrottle,
} from './sign-in-throttle';
import { nextLoopbackAddress } from '../testing/loopback-fetch';
import { useTestServer } from '../testing/server-fixture';
import { TEST_PASSWORD, TestBrowser } from '../testing/test-server';

const fixture = useTestServer();

interface AccountAnswer {
  success?: boolean;
  error?: string;
  code?: string;
}

/** A doctor signed up and in from `address`, which becomes one the account is known at. */
async function doctorAt(address: string, email: string) {
  const browser = new TestBrowser(fixture.server.url, address);
  const signUp = await browser.postJson('/api/auth/sign-up/email', {
    name: 'Dra. Alvo',
    email,
    password: TEST_PASSWORD,
  });
  expect(signUp.status).toBe(200);
  const signIn = await browser.postJson('/api/auth/sign-in/email', {
    email,
    password: TEST_PASSWORD,
  });
  expect(signIn.status).toBe(200);
}

function signInFrom(address: string, email: string, password: string) {
  return new TestBrowser(fixture.server.url, address).postJson('/api/auth/sign-in/email', {
    email,
    password,
  });
}

describe('per-account sign-in throttling', () => {
  it('stops guesses at one account from 40 addresses after the free attempts, alike for an unknown e-mail, and lets the owner in from a known address', async () => {
    const ownAddress = nextLoopbackAddress();
    await doctorAt(ownAddress, 'alvo@prontu.test');
    const attackers = Array.from({ length: 40 }, () => nextLoopbackAddress());

    for (const email of ['alvo@prontu.test', 'nao-existe@prontu.test']) {
      const answers = await Promise.all(
        attackers.map((address, index) => signInFrom(address, email, `chute-numero-${index}`)),
      );
      const statuses = answers.map((answer) => answer.status);
      // The free attempts, then the first one that locks: nobody else gets a guess.
      expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_SIGN_IN_ATTEMPTS + 1);
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        attackers.length - FREE_SIGN_IN_ATTEMPTS - 1,
      );
      const refused = answers.find((answer) => answer.status === 429);
      const retryAfter = Number(refused?.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(FIRST_SIGN_IN_LOCK_SECONDS);
      expect((await refused?.json()) as AccountAnswer).toEqual({
        success: false,
        error: 'Muitas tentativas de entrada com este e-mail. Aguarde 1 minuto e tente novamente.',
        message:
          'Muitas tentativas de entrada com este e-mail. Aguarde 1 minuto e tente novamente.',
        code: 'SIGN_IN_THROTTLED',
      });
    }

    // Even the right password waits when it comes from an address the account never used…
    expect(
      (await signInFrom(nextLoopbackAddress(), 'alvo@prontu.test', TEST_PASSWORD)).status,
    ).toBe(429);
    // …but the doctor at the clinic's own address is not locked out by the attack.
    expect((await signInFrom(ownAddress, 'alvo@prontu.test', TEST_PASSWORD)).status).toBe(200);
  });
});

describe('the throttle over an hour (controllable clock)', () => {
  it('lets an attacker guessing as fast as allowed make fewer than 10 guesses an hour', async () => {
    const clock = { now: Date.now() };
    const throttle = createSignInThrottle({ db: fixture.server.database.db, now: () => clock.now });
    const start = clock.now;
    let guesses = 0;
    for (let second = 0; second < 3600; second += 10) {
      clock.now = start + second * 1000;
      if ((await throttle.claimAttempt('hora@prontu.test', 'other')).allowed) guesses += 1;
    }
    expect(guesses).toBeLessThanOrEqual(10);
    expect(guesses).toBe(9);
  });

  it('starts the count again after a right password, and after a day without attempts', async () => {
    const clock = { now: Date.now() };
    const throttle = createSignInThrottle({ db: fixture.server.database.db, now: () => clock.now });
    const email = 'esquecida@prontu.test';
    for (let attempt = 0; attempt <= FREE_SIGN_IN_ATTEMPTS; attempt += 1) {
      expect((await throttle.claimAttempt(email, 'other')).allowed).toBe(true);
    }
    expect(await throttle.claimAttempt(email, 'other')).toEqual({
      allowed: false,
      retryAfterSeconds: FIRST_SIGN_IN_LOCK_SECONDS,
    });
    clock.now += FIRST_SIGN_IN_LOCK_SECONDS * 1000;
    expect((await throttle.claimAttempt(email, 'other')).allowed).toBe(true);
    await throttle.recordSuccess(email, 'other', '192.0.2.1');
    for (let attempt = 0; attempt < FREE_SIGN_IN_ATTEMPTS; attempt += 1) {
      expect((await throttle.claimAttempt(email, 'other')).allowed).toBe(true);
    }
    expect(await throttle.laneOf(email, '192.0.2.1')).toBe('known');
    expect(await throttle.laneOf(email, '192.0.2.2')).toBe('other');

    clock.now += 25 * 60 * 60 * 1000;
    for (let attempt = 0; attempt < FREE_SIGN_IN_ATTEMPTS; attempt += 1) {
      expect((await throttle.claimAttempt(email, 'other')).allowed).toBe(true);
    }
  });
});
