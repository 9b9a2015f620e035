/**
 * `npm run audit:verify`: the operator checks the whole audit chain of the database the server
 * is configured for (DATA_DIR or DATABASE_URL), outside the app, with the audit key and against
 * the anchors in DATA_DIR (docs/auditoria.md, "Verificação"). Exits 1 on any problem, naming the
 * first bad position.
 */
import { ConfigError, loadConfig } from '@server/config';
import { describeAuditVerification, verifyAuditTrail } from '@server/audit/operator-verification';
import { openDatabase } from '@server/db/database';
import { createLogger } from '@server/logger';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const database = await openDatabase({ ...config, logger: createLogger('warn') });
try {
  const report = describeAuditVerification(await verifyAuditTrail(database.db, config));
  for (const line of report.lines) (report.ok ? console.log : console.error)(line);
  if (!report.ok) process.exitCode = 1;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
