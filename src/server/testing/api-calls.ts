import { ApiError } from '@shared/api/client';
import { recordsApi } from '@shared/api/records';
import type { TestBrowser } from './test-server';

/**
 * The {@link ApiError} a call of the typed client fails with, to assert on its `code`, `status`
 * and whole error `body`. A call that succeeds fails the test, and so does any other error: a
 * test expecting a refusal must not pass on a crash.
 * @param call - a pending `browser.api.call(…)`
 */
export async function refusalOf(call: Promise<unknown>): Promise<ApiError> {
  let answer: unknown;
  try {
    answer = await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected the API to refuse, but it answered ${JSON.stringify(answer)}`);
}

/**
 * Waits for calls made at once (racing writes) and sorts their outcomes: the answers of those
 * that went through and the refusals of the others. Any error other than an {@link ApiError}
 * fails the test.
 * @param calls - pending `browser.api.call(…)`s
 */
export async function outcomesOf<Answer>(
  calls: Promise<Answer>[],
): Promise<{ answers: Answer[]; refusals: ApiError[] }> {
  const settled = await Promise.allSettled(calls);
  const answers: Answer[] = [];
  const refusals: ApiError[] = [];
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') answers.push(outcome.value);
    else if (outcome.reason instanceof ApiError) refusals.push(outcome.reason);
    else throw outcome.reason;
  }
  return { answers, refusals };
}

/**
 * Whether the API takes this tab as signed in: its records list answers (true), or it is refused
 * with 401 `unauthorized` (false). Any other refusal fails the test.
 */
export async function isSignedIn(browser: TestBrowser): Promise<boolean> {
  try {
    await browser.api.call(recordsApi.list);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.code === 'unauthorized') {
      return false;
    }
    throw error;
  }
}
