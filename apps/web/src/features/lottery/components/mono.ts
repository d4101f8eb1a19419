/** A seed or its hash: monospaced, and broken anywhere so it never widens the page. */
export const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;
