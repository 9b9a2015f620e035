import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_FILE, precompressDirectory } from '../../scripts/web-build-plugins';
import { useTestServer } from './testing/server-fixture';
import { signUpDoctor } from './testing/test-server';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire, still encoded. */
  body: Buffer;
}

/** A GET (or HEAD) with Node's http, which, unlike fetch, hands the body over undecoded. */
function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

function decoded(answer: RawAnswer): Buffer {
  switch (answer.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(answer.body);
    case 'gzip':
      return gunzipSync(answer.body);
    case undefined:
      return answer.body;
    default:
      throw new Error(`unexpected encoding ${answer.headers['content-encoding']}`);
  }
}

/** A script big and repetitive enough for both codings to shrink it. */
const SCRIPT = Array.from(
  { length: 400 },
  (_, index) => `export const receita${index} = 'Amoxicilina 500 mg, 8/8h por 7 dias';`,
).join('\n');
const INDEX_HTML =
  '<!doctype html><html lang="pt-BR"><head><title>Prontu</title>' +
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
/** Not an image a browser could show: only that its bytes come back untouched matters. */
const PNG = Buffer.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...new Array<number>(64).fill(7),
]);

describe('web app files', () => {
  // Made now, filled before the server starts (hooks run in the order they are registered).
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  beforeAll(async () => {
    await mkdir(path.join(distDir, 'assets'));
    await mkdir(path.join(distDir, 'icons'));
    await mkdir(path.join(distDir, '.vite'));
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(distDir, 'assets/index-abc123.js'), SCRIPT);
    await writeFile(
      path.join(distDir, 'assets/chat-view-def456.js'),
      SCRIPT.replaceAll('receita', 'lote'),
    );
    await writeFile(path.join(distDir, 'assets/index-abc123.css'), 'body{margin:0}'.repeat(200));
    await writeFile(path.join(distDir, 'sw.js'), SCRIPT.replaceAll('receita', 'sw'));
    await writeFile(path.join(distDir, 'icons/icon-192.png'), PNG);
    await writeFile(
      path.join(distDir, FIRST_SCREEN_FILE),
      JSON.stringify({ signedIn: ['/assets/chat-view-def456.js'] }),
    );
    await precompressDirectory(distDir);
  });
  const fixture = useTestServer({ webDistDir: distDir });
  const url = (pathname: string) => `${fixture.server.url}${pathname}`;

  it('precompresses every text file but the index page', async () => {
    for (const file of ['assets/index-abc123.js', 'assets/index-abc123.css', 'sw.js']) {
      const raw = await readFile(path.join(distDir, file));
      expect(brotliDecompressSync(await readFile(path.join(distDir, `${file}.br`)))).toEqual(raw);
      expect(gunzipSync(await readFile(path.join(distDir, `${file}.gz`)))).toEqual(raw);
    }
    await expect(readFile(path.join(distDir, 'index.html.br'))).rejects.toThrow();
    await expect(readFile(path.join(distDir, 'icons/icon-192.png.br'))).rejects.toThrow();
    await expect(readFile(path.join(distDir, `${FIRST_SCREEN_FILE}.br`))).rejects.toThrow();
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    [undefined, undefined],
  ])('answers Accept-Encoding %j with %s, the same bytes once decoded', async (accept, coding) => {
    const file = await readFile(path.join(distDir, 'assets/index-abc123.js'));
    const answer = await rawRequest(
      url('/assets/index-abc123.js'),
      accept === undefined ? {} : { 'accept-encoding': accept },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(coding);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    if (coding) expect(answer.body.length).toBeLessThan(file.length);
    expect(decoded(answer)).toEqual(file);
  });

  it('revalidates files without a hash, and answers 304 to the current ETag of the variant', async () => {
    const first = await rawRequest(url('/sw.js'), { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag ?? '';
    const again = await rawRequest(url('/sw.js'), {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The gzip variant is another representation: its own tag, so a full answer.
    const gzip = await rawRequest(url('/sw.js'), {
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
    expect(decoded(gzip)).toEqual(await readFile(path.join(distDir, 'sw.js')));
  });

  it('sends images as they are, without Vary', async () => {
    const answer = await rawRequest(url('/icons/icon-192.png'), { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.body).toEqual(PNG);
  });

  it('answers HEAD with the length of what GET would send, and no body', async () => {
    const head = await rawRequest(
      url('/assets/index-abc123.css'),
      { 'accept-encoding': 'br' },
      'HEAD',
    );
    const brotli = await readFile(path.join(distDir, 'assets/index-abc123.css.br'));
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(brotli.length));
    expect(head.body.length).toBe(0);
  });

  it('serves neither the build notes nor the variants as files of their own', async () => {
    for (const pathname of [`/${FIRST_SCREEN_FILE}`, '/assets/index-abc123.js.br']) {
      const answer = await rawRequest(url(pathname), { 'accept-encoding': 'br' });
      expect(answer.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(answer.body.toString()).toContain('<div id="root">');
    }
  });

  it('makes the page per request, uncompressed, for any page path', async () => {
    for (const pathname of ['/', '/index.html', '/settings']) {
      const answer = await rawRequest(url(pathname), { 'accept-encoding': 'br, gzip' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body.toString()).toMatch(/<meta property="csp-nonce" nonce="[\w+/=]+" \/>/);
    }
  });

  it("preloads the first screen's code and data for a signed-in doctor only", async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const cookie = doctor.browser.cookieHeader ?? '';
    const hints = [
      '<link rel="modulepreload" crossorigin href="/assets/chat-view-def456.js" />',
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/get-session" />',
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/settings" />',
    ];
    const signedIn = (await rawRequest(url('/'), { cookie })).body.toString();
    for (const hint of hints) expect(signedIn).toContain(hint);
    // Before the end of <head>, where the browser's preload scanner finds them at once.
    expect(signedIn.indexOf(hints[0] ?? '')).toBeLessThan(signedIn.indexOf('</head>'));

    const forged = cookie.replace(/=([^.;]+)\./, '=forged.');
    for (const headers of [{}, { cookie: forged }] as Record<string, string>[]) {
      const page = (await rawRequest(url('/'), headers)).body.toString();
      expect(page).not.toContain('rel="modulepreload"');
      expect(page).not.toContain('rel="preload"');
    }
    // Other pages load other code: no hints there.
    const settings = (await rawRequest(url('/settings'), { cookie })).body.toString();
    expect(settings).not.toContain('rel="modulepreload"');
  });
});
