import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverLogFile } from './env';

interface LoggedMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The mails the server delivered, oldest first: it runs with MAIL_DIR in its data directory (next
 * to its log), since a production server never logs mail links.
 */
export function loggedMails(): LoggedMail[] {
  const dir = path.join(path.dirname(serverLogFile()), 'mail');
  if (!existsSync(dir)) return [];
  const mails: LoggedMail[] = [];
  for (const file of readdirSync(dir).sort()) {
    try {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Partial<LoggedMail>;
      if (mail.to && mail.text) mails.push({ to: mail.to, subject: mail.subject ?? '', text: mail.text });
    } catch {
      // a file still being written
    }
  }
  return mails;
}

/** Waits for the password reset mail to `email` and returns its link. */
export async function resetLinkFor(email: string, timeoutMs = 10_000): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = loggedMails()
      .reverse()
      .find((candidate) => candidate.to.toLowerCase() === email.toLowerCase());
    const link = mail?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No password reset mail to ${email} delivered by the server`);
}
