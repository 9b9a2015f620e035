import { stat } from 'node:fs/promises';
import path from 'node:path';
import { BUILT_IN_CID10 } from '@clinical/cid10/catalogue';
import { loadOfficialCatalogue, SHIPPED_CID10_DIR } from '@clinical/cid10/official-files';
import { buildCid10Index, builtInCid10Index, type Cid10Index } from '@clinical/cid10/search-index';
import type { Config } from '../config';
import type { Logger } from '../logger';

/** Where `npm run cid10:import` puts the official files, under DATA_DIR. */
export function importedCid10Dir(dataDir: string): string {
  return path.join(dataDir, 'cid10');
}

/** The catalogue search runs on, and where it came from. */
export interface Cid10Catalogue {
  index: Cid10Index;
  source: 'CID10_DIR' | 'DATA_DIR' | 'shipped' | 'built-in';
}

type OfficialSource = Exclude<Cid10Catalogue['source'], 'built-in'>;

/**
 * The shipped release, once loaded, for every later server in this process: its files never
 * change while it runs, and test suites start many servers.
 */
let shippedIndex: ReturnType<typeof indexOfficialFiles> | undefined;

/**
 * The CID-10 catalogue for this server: the official files from CID10_DIR when it is set, else
 * those imported into DATA_DIR/cid10, else the release shipped with Prontu. Files that cannot be
 * read are logged as an error and the built-in catalogue of everyday codes is used: the server
 * still starts.
 */
export async function loadCid10Catalogue(config: Config, logger: Logger): Promise<Cid10Catalogue> {
  const imported = importedCid10Dir(config.dataDir);
  const folder: { dir: string; source: OfficialSource } = config.cid10Dir
    ? { dir: config.cid10Dir, source: 'CID10_DIR' }
    : (await isDirectory(imported))
      ? { dir: imported, source: 'DATA_DIR' }
      : { dir: SHIPPED_CID10_DIR, source: 'shipped' };
  const started = performance.now();
  try {
    const { index, counts } = await (folder.source === 'shipped'
      ? (shippedIndex ??= indexOfficialFiles(folder.dir).catch((error: unknown) => {
          shippedIndex = undefined;
          throw error;
        }))
      : indexOfficialFiles(folder.dir));
    logger.info(
      {
        source: folder.source,
        dir: folder.dir,
        ...counts,
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

async function indexOfficialFiles(dir: string) {
  const catalogue = await loadOfficialCatalogue(dir);
  return { index: buildCid10Index(catalogue.entries), counts: catalogue.counts };
}

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  );
}
