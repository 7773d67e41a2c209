import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../../logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is written to the outbox; with SMTP_URL it is then delivered and marked sent, without
 * it the embedded default logs it (DESIGN §5) so the link can be followed locally.
 */
export function createMailer(
  db: Db,
  options: { smtpUrl?: string | undefined; from: string },
  logger: Logger,
): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  return {
    async send(mail) {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!transport) {
        logger.info(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'mail stored in outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
        if (row) await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
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
