import { SERVER_ENTRY, serverPort } from './env';
import { startServer } from './server';

/** Starts the built product once for the whole run; the returned function stops it (SIGTERM). */
export default async function globalSetup() {
  const server = await startServer(SERVER_ENTRY, await serverPort());
  return async () => {
    await server.stop();
  };
}
