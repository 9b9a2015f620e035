import { existsSync, fsyncSync } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's defaults start PostgreSQL with `-F` (fsync off), and Emscripten's Node file system
 * has no `fsync` of its own: PostgreSQL's `fsync()` reaches nothing and `fdatasync()` is a stub
 * that returns 0. A commit was therefore in the OS page cache only, lost to a power cut.
 *
 * Durable mode turns PostgreSQL's own rules back on — fsync of the WAL before a commit is
 * acknowledged, data files made durable at each checkpoint before the WAL that protected them is
 * recycled — and routes its `fsync()` to a real `fsync(2)` on the file Node holds open.
 * `wal_sync_method=fsync` because the `fdatasync` path is the stub. See docs/durabilidade.md.
 */
const DURABLE_SETTINGS = ['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

/**
 * The PostgreSQL extensions the schema uses, which PGlite must load before the migrations (or
 * any query on their indexes) run: pg_trgm for the patients' name search.
 */
const EXTENSIONS = { pg_trgm };

/** The parts of an Emscripten stream and module this file touches. */
interface NodefsStream {
  nfd?: number;
}
interface EmscriptenModuleWithNodefs {
  NODEFS: { stream_ops: { fsync?: (stream: NodefsStream) => number } };
}

/** Node's file system for PGlite, with `fsync()` reaching the disk. */
class SyncingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const routeFsyncToDisk = (module: unknown) => {
      const { stream_ops: streamOps } = (module as EmscriptenModuleWithNodefs).NODEFS;
      streamOps.fsync = (stream) => {
        if (stream.nfd !== undefined) fsyncSync(stream.nfd);
        return 0;
      };
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), routeFsyncToDisk],
      },
    };
  }
}

/**
 * Opens (creating if needed) the PGlite database in `directory`.
 * @param options.durable - fsync on every commit (the default mode); false only for benchmarks
 *   and tests that say so (`PRONTU_DURABLE_WRITES=0`)
 */
export async function openPgliteClient(
  directory: string,
  options: { durable: boolean },
): Promise<PGlite> {
  if (!options.durable) return PGlite.create(directory, { extensions: EXTENSIONS });
  const isNew = !existsSync(path.join(directory, 'PG_VERSION'));
  const client = await PGlite.create({
    extensions: EXTENSIONS,
    fs: new SyncingNodeFS(directory),
    startParams: [
      ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
      ...DURABLE_SETTINGS,
    ],
  });
  // initdb writes the new cluster through another Emscripten instance whose writes never pass
  // through the fsync above; make them durable once, as initdb itself does on a real server.
  if (isNew) {
    await fsyncTree(directory);
    await fsyncPath(path.dirname(directory));
  }
  return client;
}

/** fsync every file and folder under `directory`, folders after their contents. */
async function fsyncTree(directory: string): Promise<void> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) await fsyncTree(entryPath);
    else if (entry.isFile()) await fsyncPath(entryPath);
  }
  await fsyncPath(directory);
}

async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
