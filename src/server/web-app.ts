import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import type { AppEnv } from './http/app-env';
import { contentSecurityPolicy } from './http/security';

/** Where `npm run build` puts the web app. */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));

const NOT_BUILT_PAGE = `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Prontu</title>
<p>O aplicativo web ainda não foi compilado. Execute <code>npm run build</code> ou <code>npm start</code>.</p></html>`;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * `index.html` for any other page path so client-side routes survive a reload.
 */
export function webAppRoutes(distDir = WEB_DIST_DIR): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    routes.get('*', (c) => c.html(NOT_BUILT_PAGE, 503));
    return routes;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const page = (c: Context<AppEnv>) => servePage(c, indexHtml);
  routes.get('/', page);
  routes.get('/index.html', page);
  routes.use(
    '*',
    serveStatic({
      root: distDir,
      onFound: (filePath, c) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  routes.get('*', page);
  return routes;
}

/**
 * The app's HTML with a fresh CSP nonce, exposed the way Vite's `cspNonce` does
 * (`<meta property="csp-nonce">`) so the client can give it to the style elements it injects.
 */
function servePage(c: Context<AppEnv>, indexHtml: string): Response {
  const nonce = randomBytes(16).toString('base64');
  c.env.outgoing.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
  c.header('Cache-Control', 'no-cache');
  return c.html(
    indexHtml.replace('</head>', `<meta property="csp-nonce" nonce="${nonce}" />\n  </head>`),
  );
}
