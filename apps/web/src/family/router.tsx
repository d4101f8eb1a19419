import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/*
 * The portal's four addresses need no router library: react-router's shared chunk alone was 30 kB gzipped, a third of
 * the portal's first-load budget. The browser's history, one context and a link that does not reload the page.
 */

export type Place = { pathname: string; search: string; state: unknown };
export type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

const RouterContext = createContext<{ place: Place; navigate: Navigate } | null>(null);

const here = (): Place => ({
  pathname: window.location.pathname,
  search: window.location.search,
  state: window.history.state,
});

/** Follows the address bar: a link or `navigate` moves it, Back and Forward move with it. */
export function Router({ children }: { children: React.ReactNode }) {
  const [place, setPlace] = useState(here);
  useEffect(() => {
    const moved = () => setPlace(here());
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  const navigate = useCallback<Navigate>((to, { replace = false, state = null } = {}) => {
    if (replace) window.history.replaceState(state, '', to);
    else window.history.pushState(state, '', to);
    setPlace(here());
  }, []);
  const value = useMemo(() => ({ place, navigate }), [place, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('the family portal renders under its Router');
  return router;
}

export const usePlace = () => useRouter().place;
export const useNavigate = () => useRouter().navigate;

/** A link that moves within the portal; a modified click (new tab, new window) is the browser's. */
export function Link({ to, ...props }: { to: string } & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const navigate = useNavigate();
  const follow = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...props} />;
}

/** Redirects at once (in an effect: never during a render). */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}
