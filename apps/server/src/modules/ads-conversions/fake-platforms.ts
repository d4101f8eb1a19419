import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake received it: the body parsed (JSON, or the form of the OAuth call). */
export type PlatformRequest = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};

type Refusal = { status: number; body: Record<string, unknown> };

export type FakePlatforms = {
  /** Base addresses for the configuration (META_GRAPH_URL, GOOGLE_ADS_API_URL, GOOGLE_OAUTH_TOKEN_URL). */
  env: Record<string, string>;
  meta: PlatformRequest[];
  google: PlatformRequest[];
  oauth: PlatformRequest[];
  /** The next `count` event requests of `platform` are answered with `refusal`. */
  refuseNext: (platform: 'meta' | 'google', count: number, refusal: Refusal) => void;
  close: () => Promise<void>;
};

export const GOOGLE_ACCESS_TOKEN = 'ya29.fake-access-token';

/**
 * Meta's Graph API, Google's OAuth token endpoint and Google Ads' uploadClickConversions on loopback, answered like
 * the real ones: Meta `{events_received, fbtrace_id}`, Google `{results, jobId}`.
 */
export async function startFakePlatforms(): Promise<FakePlatforms> {
  const meta: PlatformRequest[] = [];
  const google: PlatformRequest[] = [];
  const oauth: PlatformRequest[] = [];
  const refusals: Record<'meta' | 'google', Refusal[]> = { meta: [], google: [] };
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '';
      const form = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const body = form
        ? Object.fromEntries(new URLSearchParams(raw))
        : (JSON.parse(raw || '{}') as Record<string, unknown>);
      const request = { path, headers: req.headers, body };
      if (path === '/token') {
        oauth.push(request);
        return answer(res, 200, { access_token: GOOGLE_ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' });
      }
      const platform = path.startsWith('/meta/') ? 'meta' : path.startsWith('/google/') ? 'google' : null;
      if (!platform) return answer(res, 404, { error: 'no such route on the fake' });
      (platform === 'meta' ? meta : google).push(request);
      const refusal = refusals[platform].shift();
      if (refusal) return answer(res, refusal.status, refusal.body);
      if (platform === 'meta') return answer(res, 200, { events_received: 1, messages: [], fbtrace_id: 'AbCdEf' });
      return answer(res, 200, { results: [{ orderId: 'x' }], jobId: '42' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      META_GRAPH_URL: `${base}/meta/v24.0`,
      GOOGLE_ADS_API_URL: `${base}/google/v22`,
      GOOGLE_OAUTH_TOKEN_URL: `${base}/token`,
    },
    meta,
    google,
    oauth,
    refuseNext: (platform, count, refusal) => {
      for (let i = 0; i < count; i++) refusals[platform].push(refusal);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
