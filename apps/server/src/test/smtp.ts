import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; messageId: string | null; text: string };

export type TestSmtpServer = {
  url: string;
  /** Messages the server accepted (answered 250), in order. */
  received: ReceivedMail[];
  /** Every DATA the server was offered, accepted or not. */
  offered: () => number;
  /** Answers the next `count` DATA commands with 451 (a temporary refusal: the sender should retry). */
  refuseNext: (count: number) => void;
  /** Answers every DATA only after `ms` (a slow provider); 0 answers at once again. */
  answerAfter: (ms: number) => void;
  /**
   * Accepts `count` more messages, then leaves every DATA unanswered until `release` (a provider that stops
   * answering).
   */
  holdAfter: (count: number) => void;
  /** How many DATA wait unanswered. */
  held: () => number;
  /**
   * Answers every later message at once again; the held ones are refused (421), so they count as not received (their
   * sender is usually gone: a crash while the provider did not answer).
   */
  release: () => void;
  close: () => Promise<void>;
};

/** Undoes quoted-printable, so links split over soft line breaks can be read back. */
const fromQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A real SMTP server on loopback (no TLS, no auth) that keeps what it accepts. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let offered = 0;
  let toRefuse = 0;
  let delay = 0;
  let acceptable = Infinity;
  const held: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (acceptable <= 0)
          held.push(() => callback(Object.assign(new Error('Service closing'), { responseCode: 421 })));
        else {
          acceptable--;
          setTimeout(answer, delay);
        }
      });
      const answer = () => {
        offered++;
        if (toRefuse > 0) {
          toRefuse--;
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? null,
          text: fromQuotedPrintable(raw),
        });
        callback();
      };
    },
  });
  // a sender that dies mid-conversation resets its connection: that is the sender's fault, not the server's
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    offered: () => offered,
    refuseNext: (count) => {
      toRefuse = count;
    },
    answerAfter: (ms) => {
      delay = ms;
    },
    holdAfter: (count) => {
      acceptable = count;
    },
    held: () => held.length,
    release: () => {
      acceptable = Infinity;
      for (const refuse of held.splice(0)) refuse();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the reset link in a recovery mail. */
export function resetTokenIn(mail: ReceivedMail): string {
  const match = /\/resetpassword\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error('no reset link in the mail');
  return match[1];
}
