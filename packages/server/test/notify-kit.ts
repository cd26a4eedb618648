import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** A mail as a client reads it: the envelope's recipient, the decoded text and HTML parts. */
export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server (smtp-server) on a free local port that keeps every mail it accepts. */
export async function smtpCatcher(): Promise<{ url: string; mails: CaughtMail[]; close: () => Promise<void> }> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      void simpleParser(stream).then((parsed) => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html || '' });
        done();
      }, done);
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?tls=off`,
    mails,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}
