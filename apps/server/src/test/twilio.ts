import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TwilioRequest = { path: string; authorization: string | null; form: Record<string, string> };

export type FakeTwilio = {
  url: string;
  /** Every Messages.json request, accepted or not. */
  requests: TwilioRequest[];
  /** The form of every request, in order (To, From, Body, StatusCallback). */
  received: Array<Record<string, string>>;
  /** Answers the next `count` requests with `status` (e.g. 503 for a provider outage, 400 for a bad number). */
  failNext: (count: number, status: number) => void;
  close: () => Promise<void>;
};

/** Twilio's Messages API on loopback: form-encoded POSTs answered like Twilio (201 with a MessageSid). */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  const requests: TwilioRequest[] = [];
  const received: Array<Record<string, string>> = [];
  let failing = 0;
  let failStatus = 503;
  let sid = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization ?? null, form });
      received.push(form);
      res.setHeader('content-type', 'application/json');
      if (failing > 0) {
        failing--;
        res.statusCode = failStatus;
        res.end(JSON.stringify({ code: failStatus === 400 ? 21211 : 20503, message: 'refused by the fake' }));
        return;
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${String(++sid).padStart(32, '0')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    received,
    failNext: (count, status) => {
      failing = count;
      failStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
