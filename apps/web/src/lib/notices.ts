import { useSyncExternalStore } from 'react';

export type NoticeVariant = 'success' | 'error' | 'warning' | 'info';
type Enqueue = (message: string, options: { variant: NoticeVariant }) => unknown;

/*
 * Notices of the pages outside the signed-in app (a sign-in refused, "password updated"). The signed-in app has
 * notistack's provider around its screens; these pages ask for the notice host only when they have something to say,
 * so the sign-in page loads no notice code (issue 22). The host (app/notice-host) registers itself once mounted.
 */
let host: Enqueue | null = null;
let wanted = false;
const waiting: Array<[string, NoticeVariant]> = [];
const listeners = new Set<() => void>();

export function notify(message: string, variant: NoticeVariant) {
  if (host) {
    host(message, { variant });
    return;
  }
  waiting.push([message, variant]);
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
}

/** True once a notice was asked for: the app then mounts the host. */
export const useNoticeHostWanted = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );

export function setNoticeHost(enqueue: Enqueue) {
  host = enqueue;
  for (const [message, variant] of waiting.splice(0)) enqueue(message, { variant });
}
