import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from './http/app-env';

/** The content codings the build precompresses files in, best first (see web-build-plugins.ts). */
const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

export type ContentCoding = (typeof PRECOMPRESSED)[number]['coding'] | 'identity';

/** A file of the built web app, with the variants the build precompressed it in. */
export interface WebAsset {
  contentType: string;
  cacheControl: string;
  bodies: Partial<Record<ContentCoding, Uint8Array<ArrayBuffer>>> & {
    identity: Uint8Array<ArrayBuffer>;
  };
  /** The identity body's digest: each variant's ETag is made of it. */
  digest: string;
}

/** Hashed file names never change content: a year, without revalidation. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Reads the built web app into memory, once: it is a few megabytes, fixed between builds, and
 * every request is then a map lookup with no file-system call. Files under a dot folder (the
 * build's notes to the server), the root index.html (made per request, see web-app.ts) and the
 * precompressed variants themselves are not assets of their own.
 * @param distDir - the built web app (dist/web)
 * @returns the assets by site path (`/assets/index-abc123.js`)
 */
export function loadWebAssets(distDir: string): Map<string, WebAsset> {
  const files = readdirSync(distDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(distDir, path.join(entry.parentPath, entry.name)));
  const present = new Set(files);
  const assets = new Map<string, WebAsset>();
  for (const file of files) {
    const parts = file.split(path.sep);
    if (parts.some((part) => part.startsWith('.'))) continue;
    if (file === 'index.html') continue;
    if (
      PRECOMPRESSED.some(
        ({ suffix }) => file.endsWith(suffix) && present.has(file.slice(0, -suffix.length)),
      )
    ) {
      continue;
    }
    const identity = readFileSync(path.join(distDir, file));
    const bodies: WebAsset['bodies'] = { identity };
    for (const { coding, suffix } of PRECOMPRESSED) {
      if (present.has(`${file}${suffix}`)) {
        bodies[coding] = readFileSync(path.join(distDir, `${file}${suffix}`));
      }
    }
    assets.set(`/${parts.join('/')}`, {
      contentType: getMimeType(file) ?? 'application/octet-stream',
      cacheControl: parts[0] === 'assets' ? IMMUTABLE : 'no-cache',
      bodies,
      digest: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
    });
  }
  return assets;
}

/**
 * The coding to answer in: brotli, else gzip, else none, among those the asset has and the
 * request's Accept-Encoding allows (a coding given `q=0`, directly or through `*`, is refused).
 * Without the header, or when it refuses even identity, the answer is not encoded: identity is
 * what every client can read.
 * @param acceptEncoding - the request's Accept-Encoding header
 * @param available - the codings the asset is precompressed in
 */
export function chooseContentCoding(
  acceptEncoding: string | undefined,
  available: readonly ContentCoding[],
): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const item of acceptEncoding.split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim());
    if (!name) continue;
    const q = params.find((param) => /^q\s*=/i.test(param));
    // A weight that does not parse refuses the coding rather than guess the client reads it.
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    weights.set(name.toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*');
  for (const { coding } of PRECOMPRESSED) {
    if (!available.includes(coding)) continue;
    if ((weights.get(coding) ?? wildcard ?? 0) > 0) return coding;
  }
  return 'identity';
}

/**
 * Answers a GET or HEAD for an asset in the best coding the request accepts, with its
 * Content-Type and Content-Length, `Vary: Accept-Encoding` when it has variants, its caching, and
 * an ETag per variant (304 when the browser's copy is current).
 */
export function serveWebAsset(c: Context<AppEnv>, asset: WebAsset): Response {
  const available = Object.keys(asset.bodies) as ContentCoding[];
  const coding = chooseContentCoding(c.req.header('accept-encoding'), available);
  const body = asset.bodies[coding] ?? asset.bodies.identity;
  const etag = `"${asset.digest}${coding === 'identity' ? '' : `-${coding}`}"`;
  c.header('Cache-Control', asset.cacheControl);
  c.header('ETag', etag);
  // Caches between here and the browser must keep one copy per coding.
  if (available.length > 1) c.header('Vary', 'Accept-Encoding');
  if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  c.header('Content-Type', asset.contentType);
  if (coding !== 'identity') c.header('Content-Encoding', coding);
  c.header('Content-Length', String(body.length));
  return c.req.method === 'HEAD' ? c.body(null, 200) : c.body(body, 200);
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): any listed tag, W/ or not, or `*`. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
