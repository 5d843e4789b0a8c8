import { ConfigError, loadConfig } from './core/config.ts';
import { DataDirLockedError } from './core/data-dir-lock.ts';
import { DataDirUnwritableError } from './core/storage-failure.ts';
import { serializeError } from './core/log-redaction.ts';
import { startServer } from './server.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  server.app.log.info({ url: config.PUBLIC_URL, driver: server.database.driver }, 'Teamcast is listening');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await server.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DataDirUnwritableError) {
    console.error(error.message);
  } else {
    // Through the log's error serializer: a failed statement's parameters stay out of the output.
    console.error('Teamcast failed to start:', serializeError(error).stack || serializeError(error).message);
  }
  process.exit(1);
});
