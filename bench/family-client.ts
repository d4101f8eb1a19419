import http from 'node:http';
import zlib from 'node:zlib';
import type { Database } from '../apps/server/src/db/client';
import { decryptSecret } from '../apps/server/src/lib/crypto';
import type { ReceivedMail } from '../apps/server/src/test/smtp';
import { guardianEmail } from './family-data';

/**
 * A guardian's phone, as the bench plays it: node:http over kept-alive connections (as lightClient in harness.ts),
 * asking for compression as a browser does. Each guardian comes from an address of their own (X-Forwarded-For, the
 * server trusting loopback as its proxy), so the portal's per-address limits count each family apart, as behind a
 * school's real proxy on a results day.
 */
export type Reply = { status: number; body: Buffer; cookie: string | null; encoding: string | undefined };
export type Call = (
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) => Promise<Reply>;

export function familyClient(url: string): Call {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  return (method, path, headers, body) =>
    new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: hostname,
          port,
          path,
          method,
          agent,
          headers: {
            'accept-encoding': 'gzip, br',
            ...(data && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const set = res.headers['set-cookie']?.find((c) => c.startsWith('openseat_family='));
            resolve({
              status: res.statusCode!,
              body: Buffer.concat(chunks),
              cookie: set?.split(';')[0] ?? null,
              encoding: res.headers['content-encoding'],
            });
          });
        },
      );
      req.on('error', reject);
      req.end(data);
    });
}

/** The answer's JSON, decoded as the browser would (only where the bench needs to read it). */
export function json<T>(reply: Reply): T {
  const raw =
    reply.encoding === 'br'
      ? zlib.brotliDecompressSync(reply.body)
      : reply.encoding === 'gzip'
        ? zlib.gunzipSync(reply.body)
        : reply.body;
  return JSON.parse(raw.toString('utf8')) as T;
}

/** Guardian g's own address: 10.x.y.z. */
export const addressOf = (g: number) => `10.${(g >> 16) & 255}.${(g >> 8) & 255}.${g & 255}`;

const LINK = /\/family\/link\/([A-Za-z0-9_-]{32,64})/;

/**
 * The link's token of guardian g's newest sign-in mail, as the family would read it: the account-mail outbox row,
 * still sealed (opened with the server's key, as its send job does), or, once sent (the row's content is then
 * dropped), the mail the local SMTP server received.
 */
export async function tokenFromMail(
  database: Database,
  key: Buffer,
  received: ReceivedMail[],
  g: number,
): Promise<string | null> {
  const email = guardianEmail(g);
  const { rows } = await database.executeSql(
    `SELECT sealed_content FROM account_mail WHERE recipient = $1 AND kind = 'guardian_sign_in'
     ORDER BY id_account_mail DESC LIMIT 1`,
    [email],
  );
  const sealed = (rows[0] as { sealed_content: string | null } | undefined)?.sealed_content;
  if (sealed) return LINK.exec((JSON.parse(decryptSecret(key, sealed)) as { text: string }).text)?.[1] ?? null;
  for (let i = received.length - 1; i >= 0; i--)
    if (received[i].to.includes(email)) return LINK.exec(received[i].text)?.[1] ?? null;
  return null;
}
