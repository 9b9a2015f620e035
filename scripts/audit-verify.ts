/**
 * `npm run audit:verify`: the operator checks the whole audit chain of the database the server
 * is configured for (DATA_DIR or DATABASE_URL), outside the app, and gets its head to note down
 * beside the backups (docs/auditoria.md, "Verificação"). Exits 1 when the chain is broken.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { createAuditLog } from '../src/server/audit/audit-log';
import { openDatabase } from '../src/server/db/database';
import { createLogger } from '../src/server/logger';

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
  const result = await createAuditLog(database.db).verify();
  if (result.ok) {
    console.log(`Cadeia de auditoria íntegra: ${result.entries} entradas.`);
    if (result.head) {
      console.log(`Cabeça: posição ${result.head.position}, hash ${result.head.hash}`);
    }
  } else {
    console.error(
      `Cadeia de auditoria QUEBRADA na posição ${result.brokenAt.position} ` +
        `(${result.brokenAt.reason}), depois de ${result.entries} entradas íntegras.`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
