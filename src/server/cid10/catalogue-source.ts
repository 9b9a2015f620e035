import { stat } from 'node:fs/promises';
import path from 'node:path';
import { BUILT_IN_CID10 } from '../../clinical/cid10/catalogue';
import { loadOfficialCatalogue } from '../../clinical/cid10/official-files';
import {
  buildCid10Index,
  builtInCid10Index,
  type Cid10Index,
} from '../../clinical/cid10/search-index';
import type { Config } from '../config';
import type { Logger } from '../logger';

/** Where `npm run cid10:import` puts the official files, under DATA_DIR. */
export function importedCid10Dir(dataDir: string): string {
  return path.join(dataDir, 'cid10');
}

/** The catalogue search runs on, and where it came from. */
export interface Cid10Catalogue {
  index: Cid10Index;
  source: 'CID10_DIR' | 'DATA_DIR' | 'built-in';
}

/**
 * The CID-10 catalogue for this server: the official files from CID10_DIR when it is set, else
 * those imported into DATA_DIR/cid10, else the built-in catalogue. Files that cannot be read
 * are logged as an error and the built-in catalogue is used: the server still starts, with the
 * everyday codes.
 */
export async function loadCid10Catalogue(config: Config, logger: Logger): Promise<Cid10Catalogue> {
  const imported = importedCid10Dir(config.dataDir);
  const folder = config.cid10Dir
    ? { dir: config.cid10Dir, source: 'CID10_DIR' as const }
    : (await isDirectory(imported))
      ? { dir: imported, source: 'DATA_DIR' as const }
      : undefined;
  if (!folder) {
    logger.info({ codes: BUILT_IN_CID10.length }, 'CID-10: built-in catalogue');
    return { index: builtInCid10Index(), source: 'built-in' };
  }
  const started = performance.now();
  try {
    const catalogue = await loadOfficialCatalogue(folder.dir);
    const index = buildCid10Index(catalogue.entries);
    logger.info(
      {
        source: folder.source,
        dir: folder.dir,
        ...catalogue.counts,
        ms: Math.round(performance.now() - started),
      },
      'CID-10: official catalogue loaded',
    );
    return { index, source: folder.source };
  } catch (error) {
    logger.error(
      { err: error, source: folder.source, dir: folder.dir },
      `CID-10: não foi possível carregar os arquivos oficiais de ${folder.dir}; usando o catálogo embutido (${BUILT_IN_CID10.length} códigos)`,
    );
    return { index: builtInCid10Index(), source: 'built-in' };
  }
}

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  );
}
