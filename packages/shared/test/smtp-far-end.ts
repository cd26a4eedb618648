import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** One message as it crossed the wire (every DATA the far end read to its end). */
export interface Transmission {
  to: string;
  messageId: string;
  text: string;
  subject: string;
}

/** Where the far end may stop and wait for the test: before the message (at RCPT) or after it, before answering 250. */
export type Hold = 'rcpt' | 'data';

/**
 * A real SMTP server (smtp-server) modelled on a receiving mail system: it keeps every message when its DATA ends —
 * before answering 250, as an MTA commits to its queue first — and files it in a mailbox keyed by Message-ID, so a
 * copy sent again after a lost answer is recognised as the same message. `holdNext(to, where)` makes the next
 * message to `to` wait at that point until `release()`; `held` resolves when it got there. It listens on a free port,
 * or on `port` (the e2e server is configured with its slot's SMTP port before the spec starts this far end).
 * Used by the server's notify tests and the e2e phone-mail.spec.ts.
 */
export async function smtpFarEnd(delayMs = 0, port = 0) {
  const opts = { answerDelayMs: delayMs };
  const transmissions: Transmission[] = [];
  const mailbox = new Map<string, Transmission>();
  let hold: { to: string; where: Hold; reached: () => void; released: Promise<void>; release: () => void } | null = null;
  const holdHere = async (where: Hold, to: string) => {
    if (!hold || hold.where !== where || hold.to !== to) return;
    const h = hold;
    hold = null;
    h.reached();
    await h.released;
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, done) {
      void holdHere('rcpt', address.address).then(() => done());
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void (async () => {
          const parsed = await simpleParser(Buffer.concat(chunks));
          const t: Transmission = {
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            messageId: parsed.messageId ?? '',
            text: parsed.text ?? '',
            subject: parsed.subject ?? '',
          };
          transmissions.push(t);
          if (!mailbox.has(t.messageId)) mailbox.set(t.messageId, t);
          await holdHere('data', t.to);
          if (opts.answerDelayMs) await new Promise((r) => setTimeout(r, opts.answerDelayMs));
          done();
        })().catch(done);
      });
    },
  });
  smtp.on('error', () => undefined); // a client killed mid-session
  await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?tls=off`,
    /** how long the far end takes to answer a message (changeable between tests) */
    opts,
    transmissions,
    mailbox,
    holdNext(to: string, where: Hold) {
      let reached!: () => void;
      let release!: () => void;
      const atHold = new Promise<void>((r) => (reached = r));
      const released = new Promise<void>((r) => (release = r));
      hold = { to, where, reached, released, release };
      return { held: atHold, release };
    },
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}
