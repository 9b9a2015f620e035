/**
 * Renders the PWA / browser icons in src/web/public/icons/ from src/web/public/favicon.svg.
 *
 * The PNGs are committed rather than built: they change only when the logo does, and
 * generating them needs a Chromium that `npm run build` (and CI's build step) should not
 * depend on. They are reproducible at any time with:
 *
 *   npx tsx scripts/generate-icons.ts
 *
 * favicon.svg is the single source: the transparent icons are the SVG as drawn (rounded
 * square); the full-bleed ones put it on a page painted in the same teal, so its rounded
 * corners disappear into the background, and the maskable one also shrinks it so the glyph
 * stays inside the central 80% safe zone that launchers may crop to.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findChromium, launchChromium } from '../tests/support/chromium';

/** The rounded square's fill in favicon.svg. */
const BRAND_TEAL = '#0f766e';

const root = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(root, 'src/web/public');
const iconsDir = path.join(publicDir, 'icons');

interface IconSpec {
  file: string;
  size: number;
  /** Page colour behind the SVG; `null` leaves it transparent. */
  background: string | null;
  /** The SVG's edge length as a fraction of the icon's. */
  scale: number;
}

const ICONS: readonly IconSpec[] = [
  { file: 'icon-192.png', size: 192, background: null, scale: 1 },
  { file: 'icon-512.png', size: 512, background: null, scale: 1 },
  // The glyph already sits inside ~80% of the SVG, so 0.8 puts it well inside the safe zone.
  { file: 'icon-maskable-512.png', size: 512, background: BRAND_TEAL, scale: 0.8 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, background: BRAND_TEAL, scale: 1 },
];

function pageFor(svg: string, spec: IconSpec): string {
  const side = Math.round(spec.size * spec.scale);
  const background = spec.background ?? 'transparent';
  return `<!doctype html>
<html><head><style>
  html, body { margin: 0; width: ${spec.size}px; height: ${spec.size}px; overflow: hidden; background: ${background}; }
  body { display: flex; align-items: center; justify-content: center; }
  svg { display: block; width: ${side}px; height: ${side}px; flex: none; }
</style></head><body>${svg}</body></html>`;
}

async function main() {
  const svg = (await readFile(path.join(publicDir, 'favicon.svg'), 'utf8')).trim();
  if (!svg.startsWith('<svg')) throw new Error('favicon.svg must start with its <svg> element');
  await mkdir(iconsDir, { recursive: true });

  const browser = await launchChromium(await findChromium());
  try {
    for (const spec of ICONS) {
      const page = await browser.newPage({
        viewport: { width: spec.size, height: spec.size },
        deviceScaleFactor: 1,
      });
      await page.setContent(pageFor(svg, spec));
      const png = await page.screenshot({
        type: 'png',
        omitBackground: spec.background === null,
        clip: { x: 0, y: 0, width: spec.size, height: spec.size },
      });
      await page.close();
      const out = path.join(iconsDir, spec.file);
      await writeFile(out, png);
      console.log(`${path.relative(root, out)}: ${spec.size}×${spec.size}, ${png.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}

await main();
