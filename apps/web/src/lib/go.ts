import { createContext, useContext } from 'react';

/** Moves to another address of the app, replacing the current one in the history. */
export type Go = (path: string) => void;

/**
 * How the pages outside the signed-in app move on (to the landing screen, back to sign-in). They render with or
 * without the router: the first page loads without it (issue 22) and hands over to the router app; under the router
 * the same pages navigate. A page rendered with neither (a test) reloads at the address.
 */
export const GoContext = createContext<Go>((path) => window.location.replace(path));

export const useGo = () => useContext(GoContext);
