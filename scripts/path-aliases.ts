import { fileURLToPath } from 'node:url';

/**
 * The four code folders by name, for imports that cross from one to another
 * (docs/architecture.md, "Camadas"): `@shared/records/medical-record` instead of a
 * relative path that climbs three folders to reach it. tsconfig.json declares the same `paths` for the
 * compiler and tsx; Vite and Vitest read them from here.
 */
export const PATH_ALIASES = Object.fromEntries(
  ['shared', 'clinical', 'server', 'web'].map((folder) => [
    `@${folder}`,
    fileURLToPath(new URL(`../src/${folder}`, import.meta.url)),
  ]),
);
