import { applyTimeZone, ConfigError, loadConfig, type Config } from './config';
import { startServer } from './server';

applyTimeZone();

/** Time allowed for in-flight requests to finish on shutdown before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** A configuration the server finds wrong as it starts (DATA_DIR) ends it with its message. */
async function start(config: Config) {
  try {
    return await startServer(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const server = await start(readConfig());
console.log(`Prontu em ${server.url} (banco: ${server.database.kind})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
