import { publishServerLog, SERVER_ENTRY, serverPort } from './env';
import { startServer } from './server';

/** Starts the built product once for the whole run; the returned function stops it (SIGTERM). */
export default async function globalSetup() {
  const server = await startServer(SERVER_ENTRY, await serverPort());
  // Specs read mail (the password reset link) from the server's log, as a local user would.
  publishServerLog(server.logFile);
  return async () => {
    await server.stop();
  };
}
