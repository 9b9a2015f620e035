import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { SessionVerifier } from './auth/session-verifier';
import type { AppEnv } from './http/app-env';
import { contentSecurityPolicy } from './http/security';
import { loadWebAssets, serveWebAsset } from './web-assets';

/** Where `npm run build` puts the web app. */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));

/** What the build lists about the first screen (FIRST_SCREEN_FILE of scripts/web-build-plugins.ts). */
const FIRST_SCREEN_FILE = '.vite/first-screen.json';
const firstScreenSchema = z.object({
  // Site paths of our own files only: they go into the page as they are.
  signedIn: z.array(z.string().regex(/^\/[\w.-]+(?:\/[\w.-]+)*$/)),
});

const NOT_BUILT_PAGE = `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Prontu</title>
<p>O aplicativo web ainda não foi compilado. Execute <code>npm run build</code> ou <code>npm start</code>.</p></html>`;

/**
 * Serves the built web app: each file in the best coding the browser accepts (precompressed at
 * build time), hashed assets cached for a year, everything else revalidated, and `index.html` for
 * any other page path so client-side routes survive a reload.
 * @param options.distDir - the built web app; dist/web by default
 * @param options.sessions - tells whether `/` is asked by a signed-in doctor, whose page then
 *   preloads the first screen (see {@link signedInPageHints})
 */
export function webAppRoutes(options: {
  distDir?: string | undefined;
  sessions: SessionVerifier;
}): Hono<AppEnv> {
  const distDir = options.distDir ?? WEB_DIST_DIR;
  const routes = new Hono<AppEnv>();
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    routes.get('*', (c) => c.html(NOT_BUILT_PAGE, 503));
    return routes;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const assets = loadWebAssets(distDir);
  const signedInHints = signedInPageHints(distDir);
  routes.get('/', async (c) => {
    const signedIn = await isSignedIn(c, options.sessions);
    return servePage(c, indexHtml, signedIn ? signedInHints : '');
  });
  routes.get('*', (c) => {
    const asset = assets.get(c.req.path);
    return asset ? serveWebAsset(c, asset) : servePage(c, indexHtml, '');
  });
  return routes;
}

/** A `<link rel="preload" as="fetch">`, and the credentials mode its `fetch()` is made with. */
interface DataPreload {
  href: string;
  crossorigin: 'use-credentials' | 'anonymous';
}

/**
 * The first data the workspace asks for, in the page as `<link rel="preload" as="fetch">` so it
 * travels alongside the code instead of after it. Chromium hands a preload to the first later
 * `fetch()` of the same URL made in the same mode and with the same credentials (`crossorigin`:
 * Better Auth's client fetches with `credentials: 'include'`, api-request.ts with
 * `'same-origin'`); any other `fetch()` goes to the network as usual. The URLs must be exactly
 * those the web app asks (the receitas' `limit` is prescription-store.ts's LOAD_LIMIT):
 * tests/e2e/first-screen.test.ts fails when a preload goes unused.
 */
const FIRST_DATA = {
  /** Asked before anything of the workspace renders. */
  session: [{ href: '/api/auth/get-session', crossorigin: 'use-credentials' }],
  /** Asked once the workspace's views render; the chat box does not wait for it. */
  workspace: [
    { href: '/api/settings', crossorigin: 'anonymous' },
    { href: '/api/prescriptions?limit=100', crossorigin: 'anonymous' },
    { href: '/api/prescription-batches?limit=100', crossorigin: 'anonymous' },
  ],
} as const satisfies Record<string, readonly DataPreload[]>;

/**
 * The `<link>` tags that let a signed-in doctor's browser fetch the first screen's data and code
 * at once, alongside the entry, rather than each piece once the one before it ran (entry →
 * session → workspace → chat view → settings and receitas). The code is what the build listed;
 * none when it listed nothing. In the order the browser asks them: the session and the code,
 * which the chat box waits for, before the workspace's data, which it does not. Asked first, the
 * data's queries held the code up on a server running PGlite (its queries run on the server's
 * own thread): the chat box came about 100 ms later on loopback. Asked last, it still arrives
 * before the views ask for it, on loopback and on slow 4G alike.
 */
function signedInPageHints(distDir: string): string {
  const file = path.join(distDir, FIRST_SCREEN_FILE);
  const code = existsSync(file)
    ? firstScreenSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).signedIn
    : [];
  const data = (preloads: readonly DataPreload[]) =>
    preloads.map(
      ({ href, crossorigin }) =>
        `<link rel="preload" as="fetch" crossorigin="${crossorigin}" href="${href}" />`,
    );
  return [
    ...data(FIRST_DATA.session),
    // `crossorigin` as Vite's own tags: module scripts are fetched in CORS mode, and a preload
    // only serves a later request made the same way.
    ...code.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
    ...data(FIRST_DATA.workspace),
  ].join('\n    ');
}

/**
 * Whether the request carries a live session. A lookup the session verifier caches; if it
 * fails, the page goes out without the signed-in hints, which only make it faster.
 */
async function isSignedIn(c: Context<AppEnv>, sessions: SessionVerifier): Promise<boolean> {
  const cookie = c.req.header('cookie');
  if (!cookie) return false;
  try {
    return (await sessions.sessionFor(cookie)) !== undefined;
  } catch (error) {
    c.get('log').warn({ err: error }, 'session check for the page hints failed');
    return false;
  }
}

/**
 * The app's HTML with a fresh CSP nonce, exposed the way Vite's `cspNonce` does
 * (`<meta property="csp-nonce">`) so the client can give it to the style elements it injects,
 * and the given hints. It goes out uncompressed: 1 KB, 3 KB with the signed-in hints, which
 * brotli would cut by 2 KB — about 10 ms on a slow 4G link, not worth compressing every page
 * request for.
 */
function servePage(c: Context<AppEnv>, indexHtml: string, hints: string): Response {
  const nonce = randomBytes(16).toString('base64');
  c.env.outgoing.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
  c.header('Cache-Control', 'no-cache');
  const head = [`<meta property="csp-nonce" nonce="${nonce}" />`, ...(hints ? [hints] : [])];
  return c.html(indexHtml.replace('</head>', `${head.join('\n    ')}\n  </head>`));
}
