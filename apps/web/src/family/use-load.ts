import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api';
import { useI18n } from './i18n/language';

/**
 * What a screen shows of an error: the server's message (already in the guardian's language), or a general one. A
 * session that ended shows nothing: the app is already on its way back to the sign-in screen.
 */
export function useErrorText() {
  const { t } = useI18n();
  return useCallback(
    (error: unknown): string | null => {
      if (error instanceof ApiError && error.sessionEnded) return null;
      return (error instanceof ApiError && error.message) || t('errorGeneric');
    },
    [t],
  );
}

type Loaded<T> = { data: T | null; error: string | null; reload: () => void };

/** A move by staff, the lottery's release or a lapse shows within this long while the page is open (issue 24). */
export const REFRESH_MS = 30_000;

/** Calls `reload` every REFRESH_MS while the page is visible, and at once when it becomes visible again. */
function useRefresh(reload: () => void) {
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reload]);
}

/**
 * Loads `load()` when the screen opens (and when `key` changes), then again every REFRESH_MS while the page is
 * visible; `reload` loads it again, keeping what is shown.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const errorText = useErrorText();
  const [state, setState] = useState<{ key: string; data: T | null; error: string | null }>({
    key,
    data: null,
    error: null,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ key, data, error: null }),
      (error: unknown) => current && setState((before) => ({ ...before, key, error: errorText(error) })),
    );
    return () => {
      current = false;
    };
    // `load` is a new function each render; `key` and `round` say when to load again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useRefresh(reload);
  return { data: state.key === key ? state.data : null, error: state.error, reload };
}
