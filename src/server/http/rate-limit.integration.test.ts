import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { useTestServer } from '../testing/server-fixture';
import { countRequest, forgetExpiredCounts } from './rate-limit';

const fixture = useTestServer();
const WINDOW_MS = 60_000;
const newKey = () => `test-limit:${randomUUID()}`;

describe('countRequest (fixed window in rate_limits)', () => {
  it('counts requests in a window and starts over once it has passed', async () => {
    const { db } = fixture.server.database;
    const key = newKey();
    const start = 1_700_000_000_000;
    expect(await countRequest(db, key, WINDOW_MS, start)).toEqual({ count: 1, windowStart: start });
    expect(await countRequest(db, key, WINDOW_MS, start + 1_000)).toEqual({
      count: 2,
      windowStart: start,
    });
    expect(await countRequest(db, key, WINDOW_MS, start + WINDOW_MS - 1)).toEqual({
      count: 3,
      windowStart: start,
    });
    expect(await countRequest(db, key, WINDOW_MS, start + WINDOW_MS)).toEqual({
      count: 1,
      windowStart: start + WINDOW_MS,
    });
  });

  it('gives concurrent requests distinct counts (one atomic statement each)', async () => {
    const { db } = fixture.server.database;
    const key = newKey();
    const now = Date.now();
    const counts = await Promise.all(
      Array.from({ length: 25 }, () => countRequest(db, key, WINDOW_MS, now)),
    );
    expect(counts.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    );
    const rows = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(25);
  });

  it('keeps keys apart', async () => {
    const { db } = fixture.server.database;
    const now = Date.now();
    const first = newKey();
    await countRequest(db, first, WINDOW_MS, now);
    await countRequest(db, first, WINDOW_MS, now);
    expect((await countRequest(db, newKey(), WINDOW_MS, now)).count).toBe(1);
  });

  it("forgets only this limit's counts whose window has ended", async () => {
    const { db } = fixture.server.database;
    const now = 1_800_000_000_000;
    const stale = `sweep-test:${randomUUID()}`;
    const current = `sweep-test:${randomUUID()}`;
    const otherLimit = `other-limit:${randomUUID()}`;
    await countRequest(db, stale, WINDOW_MS, now - 2 * WINDOW_MS);
    await countRequest(db, current, WINDOW_MS, now - 1_000);
    await countRequest(db, otherLimit, WINDOW_MS, now - 2 * WINDOW_MS);
    await forgetExpiredCounts(db, 'sweep-test', now - WINDOW_MS);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).not.toContain(stale);
    expect(keys).toContain(current);
    expect(keys).toContain(otherLimit);
  });
});
