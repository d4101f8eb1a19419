import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from './http';
import { createSessionStore } from './session';

/** A real HTTP server playing the API: rotating single-use refresh tokens, 409 for a stale access token. */
let server: http.Server;
let baseUrl: string;
let validAccess = 'access-1';
let validRefresh = 'refresh-1';
let refreshCalls = 0;
let refreshFailures = 0;

const user = { id_user: 7, name: 'U', email: 'u@x.org', photo: null, id_context_type: 2, role: null, id_school: 1, id_campus: null, isAllCampuses: true, schoolSwitch: false, schools: [], schoolActive: true, campusActive: true, configuration: { id_main_campus: null, id_main_school_year: null, lng: 'en', theme: 'default' } };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/api/auth/request-new-access-token') {
        refreshCalls++;
        if (refreshFailures > 0) {
          refreshFailures--;
          return json(503, { message: 'down', code: 'UNAVAILABLE' });
        }
        const body = JSON.parse(raw);
        if (body.refreshToken !== validRefresh || body.id_user !== 7) return json(401, { message: 'no', code: 'UNAUTHORIZED' });
        validAccess = `access-${refreshCalls + 1}`;
        validRefresh = `refresh-${refreshCalls + 1}`;
        return json(200, { accessToken: validAccess, refreshToken: validRefresh, dataToken: 'd', user, permissions: [] });
      }
      const token = req.headers.authorization?.slice(7);
      if (token !== validAccess) return json(409, { message: 'expired', code: 'TOKEN_EXPIRED' });
      return json(200, { ok: true, url: req.url });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise((r) => server.close(r)));

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

let ended = 0;
function client() {
  const session = createSessionStore(memoryStorage());
  session.set({ accessToken: 'stale-token', refreshToken: validRefresh, user, permissions: [] });
  return { session, http: createHttpClient({ baseUrl, session, language: () => 'en', onSessionEnd: () => ended++ }) };
}

beforeEach(() => {
  refreshCalls = 0;
  refreshFailures = 0;
  ended = 0;
});

describe('http client', () => {
  it('refreshes an expired token once and resends the call', async () => {
    const { http: api, session } = client();
    const result = await api.get<{ ok: boolean; url: string }>('/things', { page: 0 });
    expect(result).toEqual({ ok: true, url: '/api/things?page=0' });
    expect(refreshCalls).toBe(1);
    expect(session.get().accessToken).toBe(validAccess);
    expect(session.refreshToken()).toBe(validRefresh);
  });

  it('shares one refresh between concurrent calls that got 409', async () => {
    const { http: api } = client();
    const results = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(results).toHaveLength(3);
    expect(refreshCalls).toBe(1);
    expect(ended).toBe(0);
  });

  it('retries a failing refresh up to 2 times, then ends the session', async () => {
    refreshFailures = 10;
    const { http: api, session } = client();
    await expect(api.get('/a')).rejects.toMatchObject({ status: 409 });
    expect(refreshCalls).toBe(3);
    expect(ended).toBe(1);
    expect(session.refreshToken()).toBeNull();
  });

  it('recovers when a retry of the refresh succeeds', async () => {
    refreshFailures = 2;
    const { http: api } = client();
    await expect(api.get('/a')).resolves.toMatchObject({ ok: true });
    expect(refreshCalls).toBe(3);
  });
});
