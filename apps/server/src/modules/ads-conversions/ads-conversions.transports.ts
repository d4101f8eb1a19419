import type { Config } from '../../config';
import type { GoogleConversion, MetaEvent } from './ads-conversions.payloads';

/*
 * The two platforms' HTTP APIs, at the addresses of the configuration (tests point them at fakes on loopback).
 * Each answers a Delivery: sent, or refused with whether a retry can help (429, 5xx, no answer, or what the platform
 * marks transient). Tokens go in the body or headers, never in a URL, and never into a message we keep.
 */

export type Delivery =
  | { ok: true; httpStatus: number; message: string }
  | { ok: false; retry: boolean; httpStatus: number | null; message: string };

const TIMEOUT_MS = 15_000;
const MAX_MESSAGE = 500;

const short = (text: string) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text);
const retryable = (status: number) => status === 429 || status >= 500;

type Answer = { status: number; body: Record<string, unknown> } | { status: null; error: string };

async function post(url: string, init: { headers: Record<string, string>; body: string }): Promise<Answer> {
  try {
    const response = await fetch(url, { method: 'POST', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body };
  } catch (error) {
    return { status: null, error: (error as Error).message ?? String(error) };
  }
}

const unreachable = (platform: string, error: string): Delivery => ({
  ok: false,
  retry: true,
  httpStatus: null,
  message: short(`${platform} unreachable: ${error}`),
});

type MetaError = { message?: string; code?: number; error_subcode?: number; is_transient?: boolean };

/** POST {graph}/{pixel_id}/events with one event; Meta answers `events_received`. */
export async function sendToMeta(
  config: Config,
  target: { pixelId: string; accessToken: string },
  event: MetaEvent,
): Promise<Delivery> {
  const answer = await post(`${config.ads.metaGraphUrl}/${encodeURIComponent(target.pixelId)}/events`, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: [event], access_token: target.accessToken }),
  });
  if (answer.status === null) return unreachable('Meta', answer.error);
  const received = Number(answer.body.events_received ?? 0);
  if (answer.status >= 200 && answer.status < 300 && received >= 1)
    return {
      ok: true,
      httpStatus: answer.status,
      message: `events_received ${received}, fbtrace_id ${String(answer.body.fbtrace_id ?? '-')}`,
    };
  const error = (answer.body.error ?? {}) as MetaError;
  return {
    ok: false,
    retry: retryable(answer.status) || error.is_transient === true,
    httpStatus: answer.status,
    message: short(
      `Meta ${answer.status}: ${error.code ?? ''} ${error.message ?? 'no event received'}`.replace(/\s+/g, ' '),
    ),
  };
}

/** OAuth access tokens for the server's Google Ads client, kept until a minute before they expire. */
const googleTokens = new Map<string, { token: string; until: number }>();

async function googleAccessToken(config: Config): Promise<{ token: string } | Delivery> {
  const google = config.ads.googleAds!;
  const key = `${config.ads.googleOauthTokenUrl}|${google.clientId}|${google.refreshToken}`;
  const cached = googleTokens.get(key);
  if (cached && cached.until > Date.now()) return { token: cached.token };
  const answer = await post(config.ads.googleOauthTokenUrl, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: google.clientId,
      client_secret: google.clientSecret,
      refresh_token: google.refreshToken,
    }).toString(),
  });
  if (answer.status === null) return unreachable('Google OAuth', answer.error);
  const token = answer.body.access_token;
  if (answer.status !== 200 || typeof token !== 'string')
    return {
      ok: false,
      retry: retryable(answer.status),
      httpStatus: answer.status,
      message: short(`Google OAuth ${answer.status}: ${String(answer.body.error ?? 'no access token')}`),
    };
  const seconds = Number(answer.body.expires_in ?? 3600);
  googleTokens.set(key, { token, until: Date.now() + Math.max(0, seconds - 60) * 1000 });
  return { token };
}

type GoogleStatus = { code?: number; message?: string };

/**
 * POST {api}/customers/{cid}:uploadClickConversions with one conversion and `partialFailure: true` (required): a
 * conversion Google refuses comes back as a 200 with `partialFailureError`, which is a refusal for good.
 */
export async function sendToGoogle(
  config: Config,
  target: { customerId: string },
  conversion: GoogleConversion,
): Promise<Delivery> {
  const google = config.ads.googleAds;
  if (!google)
    return { ok: false, retry: false, httpStatus: null, message: 'Google Ads is not configured on this server' };
  const access = await googleAccessToken(config);
  if ('ok' in access) return access;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Bearer ${access.token}`,
    'developer-token': google.developerToken,
  };
  if (google.loginCustomerId) headers['login-customer-id'] = google.loginCustomerId;
  const answer = await post(`${config.ads.googleAdsApiUrl}/customers/${target.customerId}:uploadClickConversions`, {
    headers,
    body: JSON.stringify({ conversions: [conversion], partialFailure: true }),
  });
  if (answer.status === null) return unreachable('Google Ads', answer.error);
  if (answer.status === 401) googleTokens.clear();
  const partial = answer.body.partialFailureError as GoogleStatus | undefined;
  if (answer.status === 200 && !(partial && partial.code))
    return {
      ok: true,
      httpStatus: 200,
      message: `results ${(answer.body.results as unknown[] | undefined)?.length ?? 0}, jobId ${String(answer.body.jobId ?? '-')}`,
    };
  const error = (partial ?? (answer.body.error as GoogleStatus | undefined) ?? {}) as GoogleStatus;
  return {
    ok: false,
    // an expired token is fetched again on the retry
    retry: retryable(answer.status) || answer.status === 401,
    httpStatus: answer.status,
    message: short(`Google Ads ${answer.status}: ${error.message ?? 'refused'}`),
  };
}
