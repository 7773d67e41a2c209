import { seedAdmin } from './modules/auth/seed-admin';
import { loadConfigOrExit, startRuntime } from './runtime';

/** `pnpm --filter @sieve/api admin:create <email> <password>`: create or update an approved admin. */
async function main() {
  const [email, password] = process.argv.slice(2);
  if (!email || !password) {
    console.error('usage: admin:create <email> <password>');
    process.exit(64);
  }
  const config = loadConfigOrExit();
  const runtime = await startRuntime(config);
  const result = await seedAdmin(runtime.database.db, { email, password });
  console.log(result.outcome === 'updated' ? `Updated admin ${email}` : `Created admin ${email}`);
  await runtime.queue.close();
  await runtime.database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
