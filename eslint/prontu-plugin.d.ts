import type { ESLint } from 'eslint';

/** Prontu's own lint rules (prontu-plugin.js): `prontu/layers` and `prontu/no-import-cycle`. */
declare const plugin: ESLint.Plugin;
export default plugin;
