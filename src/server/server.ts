import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { AUDIT_ANCHORS_FILE, startAuditAnchoring } from './audit/audit-anchors';
import { loadOrCreateAuditKey } from './audit/audit-key';
import { createAuditLog, type AuditLog } from './audit/audit-log';
import { loadOrCreateAuthSecret } from './auth/auth-secret';
import { createAuth } from './auth/auth';
import { newBackupSecret, publishBackupEndpoint } from './backup/backup-endpoint';
import { loadCid10Catalogue } from './cid10/catalogue-source';
import type { Config } from './config';
import { runDataSteps } from './db/data-steps';
import { openDatabase, type Database } from './db/database';
import { keepStatistics } from './db/statistics-upkeep';
import { createLogger, type Logger } from './logger';
import { makePrivateFolder } from './private-folder';
import { createHeavyWork, HEAVY_WORK_LIMITS, type HeavyWorkLimits } from './workers/heavy-work';

/** How long an idle HTTP connection stays open: longer than a proxy's usual 60 s. */
const KEEP_ALIVE_MS = 65_000;

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  /** The DATA_DIR it runs with. */
  dataDir: string;
  /** The audit trail the app writes, with the key it writes it with. */
  auditLog: AuditLog;
  logger: Logger;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens the database (migrating it, then running the data steps), builds the app and listens on `config.port`. */
export async function startServer(
  config: Config,
  options: { logger?: Logger; webDistDir?: string; heavyWorkLimits?: HeavyWorkLimits } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  await makePrivateFolder(config.dataDir);
  const database = await openDatabase({ ...config, logger });
  try {
    await runDataSteps(database, logger);
  } catch (error) {
    await database.close();
    throw error;
  }
  // The embedded database created its files with the process's umask: none stays shared.
  await makePrivateFolder(config.dataDir);
  const statistics = keepStatistics(database, logger);
  const secret = config.authSecret ?? (await loadOrCreateAuthSecret(config.dataDir));
  const auditKey = await loadOrCreateAuditKey(config);
  const auditLog = createAuditLog(database.db, auditKey);
  // The head as the database has it now is anchored before the first request is served.
  const anchoring = await startAuditAnchoring({
    auditLog,
    key: auditKey,
    file: path.join(config.dataDir, AUDIT_ANCHORS_FILE),
    logger,
  });
  const auth = createAuth({
    db: database.db,
    secret,
    logger,
    publicOrigin: config.publicOrigin,
    sessionLifetime: config.session,
  });
  const cid10 = await loadCid10Catalogue(config, logger);
  // Only the embedded database needs the server's help to be backed up while it runs.
  const backupSecret = database.kind === 'pglite' ? newBackupSecret() : undefined;
  const heavyWork = createHeavyWork(options.heavyWorkLimits ?? HEAVY_WORK_LIMITS);
  const app = createApp({
    config,
    database,
    auth,
    authSecret: secret,
    auditLog,
    logger,
    cid10: cid10.index,
    webDistDir: options.webDistDir,
    backupSecret,
    heavyWork,
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const listening = serve({ fetch: app.fetch, port: config.port }, () => resolve(listening));
    listening.once('error', reject);
  });
  // An idle connection is kept longer than clients and proxies keep theirs (Node's default is
  // 5 s): the side that closes an idle connection first must be the client, or a request sent
  // as the server closes it fails with ECONNRESET (seen in CI under load).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  const unpublishBackupEndpoint = backupSecret
    ? await publishBackupEndpoint(config.dataDir, { url, secret: backupSecret })
    : async () => {};
  logger.info(
    { url, db: database.kind, ai: config.ai?.chatModel ?? 'offline' },
    'Prontu listening',
  );

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        // Connections that finish their last request during shutdown would otherwise linger
        // until their keep-alive timeout; close each as soon as it goes idle.
        const sweep = setInterval(() => {
          if ('closeIdleConnections' in server) server.closeIdleConnections();
        }, 50);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
      });
      await unpublishBackupEndpoint();
      await heavyWork.close();
      // Every request has finished: the last entry this server wrote is anchored.
      await anchoring.stop();
      await statistics.stop();
      await database.close();
      logger.info('Prontu stopped');
    })();
    return closing;
  };
  return { url, port, database, dataDir: config.dataDir, auditLog, logger, close };
}
