import { useCallback, useEffect, useState } from 'react';
import type { LotteryPublicPage } from '@openseat/shared/schemas/lottery-public';

/*
 * A school period's public lottery page (GET /api/public/lottery/:token): no session, no bearer token, no query
 * cache. The page is shown on its own, without the signed-in app's providers (main.tsx), so it reads with plain fetch.
 */

const base = (token: string) => `/api/public/lottery/${encodeURIComponent(token)}`;

/** The files the page links to: plain links, the browser downloads them (the routes are public). */
export const publicFileUrl = {
  log: (token: string) => `${base(token)}/log.jsonl`,
  report: (token: string, lang: string) => `${base(token)}/report.csv?lang=${lang === 'es' ? 'es' : 'en'}`,
  record: (token: string) => `${base(token)}/record.csv`,
};

export type PublicLotteryState =
  { status: 'loading' } | { status: 'notFound' } | { status: 'failed' } | { status: 'ready'; page: LotteryPublicPage };

export async function fetchPublicLottery(token: string): Promise<PublicLotteryState> {
  try {
    const res = await fetch(base(token), { headers: { accept: 'application/json' } });
    // a malformed token is refused as 400: for a reader, it is an address with no record as much as an unknown one
    if (res.status === 404 || res.status === 400) return { status: 'notFound' };
    if (!res.ok) return { status: 'failed' };
    return { status: 'ready', page: (await res.json()) as LotteryPublicPage };
  } catch {
    return { status: 'failed' };
  }
}

/** The page's data, loaded once per token; `retry` loads it again after a failure. */
export function usePublicLottery(token: string) {
  const [state, setState] = useState<PublicLotteryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void fetchPublicLottery(token).then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, [token, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
