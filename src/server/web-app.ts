import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './http/app-env';

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
  if (!existsSync(path.join(distDir, 'index.html'))) {
    routes.get('*', (c) => c.html(NOT_BUILT_PAGE, 503));
    return routes;
  }
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
  routes.get('*', async (c) => {
    const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return routes;
}
