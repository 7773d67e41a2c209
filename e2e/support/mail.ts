import { readFileSync } from 'node:fs';
import { serverLogFile } from './env';

interface LoggedMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails the server logged (no SMTP in the embedded default: DESIGN §5), oldest first. */
export function loggedMails(): LoggedMail[] {
  const mails: LoggedMail[] = [];
  for (const line of readFileSync(serverLogFile(), 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as Partial<LoggedMail> & { msg?: string };
      if (entry.msg?.startsWith('mail stored in outbox') && entry.to && entry.text) {
        mails.push({ to: entry.to, subject: entry.subject ?? '', text: entry.text });
      }
    } catch {
      // a partial line still being written
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
  throw new Error(`No password reset mail to ${email} in the server log`);
}
