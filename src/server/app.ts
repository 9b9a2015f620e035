import { Hono } from 'hono';
import { demoChatRoutes } from './ai/demo-chat-routes';
import { aiRoutes } from './ai/ai-routes';
import type { AuditLog } from './audit/audit-log';
import { auditTrail } from './audit/audit-trail';
import { auditRoutes } from './audit/routes';
import type { Auth } from './auth/auth';
import { backupRoutes } from './backup/backup-endpoint';
import { authRoutes } from './auth/routes';
import { createSessionVerifier } from './auth/session-verifier';
import { createSignInThrottle } from './auth/sign-in-throttle';
import { cid10Routes } from './cid10/routes';
import { documentRoutes } from './documents/routes';
import { validationRoutes } from './documents/validation-routes';
import { signingCertificateRoutes } from './signing/routes';
import { createPscClient } from './signing/psc/psc-client';
import { signingProviderRoutes, signingSessionRoutes } from './signing/session-routes';
import { createSigningSessions } from './signing/signing-sessions';
import type { Config } from './config';
import type { Database } from './db/database';
import { healthRoutes } from './health/routes';
import type { AppEnv } from './http/app-env';
import { createCpuWorkQueue } from './http/cpu-work';
import { errorResponse, notFound } from './http/errors';
import { requestLog } from './http/request-log';
import { baseResponseHeaders, clientAddress, sameOriginWrites } from './http/security';
import { refuseUnstorableUrlText } from './http/url-text';
import type { Logger } from './logger';
import { medicalRecordRoutes } from './medical-records/routes';
import { medicationRoutes } from './medications/routes';
import { patientRoutes } from './patients/routes';
import { prescriptionBatchRoutes } from './prescription-batches/routes';
import { prescriptionRoutes } from './prescriptions/routes';
import { settingsRoutes } from './settings/routes';
import { transcriptRoutes } from './transcripts/routes';
import { webAppRoutes } from './web-app';
import type { HeavyWork } from './workers/heavy-work';
import type { Cid10Index } from '@clinical/cid10/search-index';
import { configurePortugueseValidation } from '@shared/lib/validation-message';

export interface AppDependencies {
  config: Config;
  database: Database;
  auth: Auth;
  /** The session-signing secret Better Auth was created with. */
  authSecret: string;
  logger: Logger;
  /** The CID-10 catalogue search runs on (see `cid10/catalogue-source.ts`). */
  cid10: Cid10Index;
  /** The built web app to serve; tests of the API alone may point it anywhere. */
  webDistDir?: string;
  /** The audit trail, keyed with the audit key (audit/audit-key.ts). */
  auditLog: AuditLog;
  /** Opens `GET /api/backup/snapshot` to `npm run backup` holding it (backup/backup-endpoint.ts). */
  backupSecret?: string;
  /** The worker threads PDFs and certificates are made in (workers/heavy-work.ts). */
  heavyWork: HeavyWork;
}

/** The whole HTTP surface: the JSON API under `/api` and the web app everywhere else. */
export function createApp(deps: AppDependencies): Hono<AppEnv> {
  configurePortugueseValidation();
  const app = new Hono<AppEnv>();
  app.use('*', requestLog(deps.logger));
  app.use('*', baseResponseHeaders());
  app.use('/api/*', sameOriginWrites(deps.config.publicOrigin));
  app.use('/api/*', refuseUnstorableUrlText());
  app.use('/api/auth/*', clientAddress(deps.config.trustProxy));
  app.use('/api/ai/*', clientAddress(deps.config.trustProxy));
  app.use('/api/health', clientAddress(deps.config.trustProxy));
  app.use('/validar/*', clientAddress(deps.config.trustProxy));

  const sessions = createSessionVerifier({
    db: deps.database.db,
    secret: deps.authSecret,
    lifetime: deps.config.session,
  });
  // One queue per server: the CPU it shares out is this process's event loop.
  const cpuWork = createCpuWorkQueue();
  // Every access to patient data is recorded once its route answered (audit/audit-trail.ts).
  const { auditLog } = deps;
  // Cloud-certificate sessions live in this process's memory only (docs/assinatura-nuvem.md).
  const signingSessions = createSigningSessions(
    deps.config.psc.providers.map((provider) => ({
      provider,
      client: createPscClient(provider, { timeoutMs: deps.config.psc.timeoutMs }),
    })),
  );
  app.use('/api/*', auditTrail({ auditLog, trustProxy: deps.config.trustProxy }));
  app.route('/api/audit', auditRoutes({ auditLog, sessions, db: deps.database.db }));
  app.route(
    '/api/auth',
    authRoutes({
      auth: deps.auth,
      sessions,
      db: deps.database.db,
      throttle: createSignInThrottle({ db: deps.database.db }),
    }),
  );
  app.route('/api/health', healthRoutes({ ...deps, sessions }));
  app.route('/api/medical-records', medicalRecordRoutes({ db: deps.database.db, sessions }));
  app.route('/api/patients', patientRoutes({ db: deps.database.db, sessions, cid10: deps.cid10 }));
  app.route('/api/settings', settingsRoutes({ db: deps.database.db, sessions }));
  app.route(
    '/api/signing-certificate',
    signingCertificateRoutes({ db: deps.database.db, sessions, heavyWork: deps.heavyWork }),
  );
  app.route('/api/signing-providers', signingProviderRoutes({ sessions, signingSessions }));
  app.route(
    '/api/signing-sessions',
    signingSessionRoutes({
      db: deps.database.db,
      sessions,
      signingSessions,
      heavyWork: deps.heavyWork,
      publicOrigin: deps.config.publicOrigin,
      auditLog,
      trustProxy: deps.config.trustProxy,
    }),
  );
  app.route(
    '/api/documents',
    documentRoutes({
      db: deps.database.db,
      sessions,
      cid10: deps.cid10,
      publicOrigin: deps.config.publicOrigin,
      heavyWork: deps.heavyWork,
      signingSessions,
    }),
  );
  app.route(
    '/api/prescriptions',
    prescriptionRoutes({
      db: deps.database.db,
      sessions,
      publicOrigin: deps.config.publicOrigin,
      heavyWork: deps.heavyWork,
      signingSessions,
    }),
  );
  app.route(
    '/api/prescription-batches',
    prescriptionBatchRoutes({
      db: deps.database.db,
      sessions,
      publicOrigin: deps.config.publicOrigin,
    }),
  );
  app.route('/api/cid10', cid10Routes({ sessions, index: deps.cid10 }));
  app.route('/api/medications', medicationRoutes({ sessions }));
  app.route('/api/transcripts', transcriptRoutes({ sessions, cpuWork }));
  app.route('/api/ai/demo-chat', demoChatRoutes({ config: deps.config, db: deps.database.db }));
  app.route(
    '/api/ai',
    aiRoutes({
      config: deps.config,
      db: deps.database.db,
      sessions,
      cid10: deps.cid10,
      cpuWork,
    }),
  );
  if (deps.backupSecret) {
    app.route('/api/backup', backupRoutes({ ...deps, backupSecret: deps.backupSecret }));
  }
  app.all('/api/*', () => {
    throw notFound('Rota não encontrada.');
  });
  // Public: an issued document's QR code leads here; the code printed under it opens it.
  app.route(
    '/validar',
    validationRoutes({
      db: deps.database.db,
      publicOrigin: deps.config.publicOrigin,
      auditLog,
      trustProxy: deps.config.trustProxy,
      heavyWork: deps.heavyWork,
    }),
  );
  app.route('/', webAppRoutes({ distDir: deps.webDistDir, sessions }));

  app.onError((error, c) => errorResponse(c, error, c.get('log')));
  return app;
}
