import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../../logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * Secrets inside `text` (a reset token): delivered as they are, but the outbox keeps only their
   * SHA-256 and no log outside development shows them.
   */
  secrets?: string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  /** MAIL_DIR: deliver each mail as a JSON file there (development and browser tests, no SMTP). */
  mailDir?: string | undefined;
  from: string;
  /** Only a development install logs a mail's text (its links) when there is nowhere to deliver it. */
  isDevelopment: boolean;
}

/** The text with each secret replaced by its hash: what the outbox may keep. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  return secrets.reduce(
    (redacted, secret) =>
      secret
        ? redacted.split(secret).join(`[token sha256:${createHash('sha256').update(secret).digest('hex')}]`)
        : redacted,
    text,
  );
}

/**
 * Every mail is written to the outbox (secrets hashed); with SMTP_URL it is then delivered and
 * marked sent, with MAIL_DIR written to a file. With neither, a development install logs it so the
 * link can be followed locally; anywhere else only the recipient and subject are logged.
 */
export function createMailer(db: Db, options: MailerOptions, logger: Logger): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  return {
    async send({ secrets, ...mail }) {
      const stored = { ...mail, text: redactSecrets(mail.text, secrets) };
      const [row] = await db.insert(mailOutbox).values(stored).returning({ id: mailOutbox.id });
      const markSent = async () => {
        if (row) await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      };
      if (options.mailDir) {
        await mkdir(options.mailDir, { recursive: true });
        const file = path.join(options.mailDir, `${Date.now()}-${row?.id ?? 'mail'}.json`);
        await writeFile(file, JSON.stringify(mail), { mode: 0o600 });
        await markSent();
        return;
      }
      if (!transport) {
        if (options.isDevelopment) {
          logger.info(
            { to: mail.to, subject: mail.subject, text: mail.text },
            'mail stored in outbox (no SMTP_URL)',
          );
        } else {
          logger.info(
            { to: mail.to, subject: mail.subject },
            'mail stored in outbox (no SMTP_URL); set SMTP_URL to deliver it',
          );
        }
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
        await markSent();
      } catch (error) {
        logger.error({ err: error, to: mail.to }, 'mail delivery failed');
        if (row)
          await db
            .update(mailOutbox)
            .set({ error: String(error) })
            .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
