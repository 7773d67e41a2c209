import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { createMailer } from './mailer';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A logger whose lines the test can read. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const resetMail = (secret: string) => ({
  to: 'ann@acme-corp.io',
  subject: 'Reset your Sieve password',
  text: `Set a new password: http://requester.localhost:8080/reset-password?token=${secret}`,
  secrets: [secret],
});

describe('the mailer without SMTP', () => {
  it('never logs a reset link outside development, and the outbox keeps only the token hash', async () => {
    const { logger, lines } = capturedLogger();
    const secret = 'reset-secret-for-production-0001';
    await createMailer(database.db, { from: 'x', isDevelopment: false }, logger).send(resetMail(secret));
    expect(lines.join('')).toContain('mail stored in outbox');
    expect(lines.join('')).not.toContain(secret);
    expect(lines.join('')).not.toContain('reset-password?token=');
    const rows = await database.db.select().from(mailOutbox);
    const stored = rows.find((r) => r.text.includes('sha256:'));
    expect(stored?.text).not.toContain(secret);
  });

  it('logs the link in development so it can be followed locally', async () => {
    const { logger, lines } = capturedLogger();
    const secret = 'reset-secret-for-development-02';
    await createMailer(database.db, { from: 'x', isDevelopment: true }, logger).send(resetMail(secret));
    expect(lines.join('')).toContain(`reset-password?token=${secret}`);
  });
});
