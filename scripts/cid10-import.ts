/**
 * Imports the official DATASUS CID-10 files into DATA_DIR, so the server loads the full
 * catalogue on its next start without CID10_DIR:
 *
 *   npm run cid10:import -- <pasta com os CSV ou CID10CSV.zip>
 *
 * The files are validated first (every line parsed); if one is malformed, the error names the
 * file and line and nothing in DATA_DIR/cid10 changes.
 */
import path from 'node:path';
import { Cid10FileError } from '@clinical/cid10/official-csv';
import { importOfficialFiles } from '@clinical/cid10/official-files';
import { importedCid10Dir } from '@server/cid10/catalogue-source';
import { ConfigError, loadConfig } from '@server/config';

const USAGE = 'Uso: npm run cid10:import -- <pasta com os arquivos CSV do CID-10 ou arquivo .zip>';

const source = process.argv[2];
if (!source || source === '--help' || source === '-h') {
  console.error(USAGE);
  process.exit(source ? 0 : 2);
}

let dataDir: string;
try {
  dataDir = loadConfig().dataDir;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// npm runs scripts from the project root; a relative path means relative to where it was typed.
const sourcePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), source);
const target = importedCid10Dir(dataDir);
try {
  const { counts } = await importOfficialFiles(sourcePath, target);
  console.log(
    `CID-10 importado em ${target}: ${counts.subcategories} subcategorias, ` +
      `${counts.categories} categorias, ${counts.groups} grupos, ${counts.chapters} capítulos.`,
  );
  console.log('Reinicie o servidor para usar o catálogo completo.');
} catch (error) {
  if (!(error instanceof Cid10FileError)) throw error;
  console.error(`Importação cancelada: ${error.message}`);
  console.error(`Nada foi alterado em ${target}.`);
  process.exit(1);
}
