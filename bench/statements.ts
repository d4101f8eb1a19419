/** A statement as drizzle's logger saw it: replayed with the driver beside the API request that sent it. */
export type Statement = { query: string; params: unknown[] };

/**
 * A logger for `openDatabase` and the function that records, through it, the statements one call sends, in order:
 * the service's SQL captured once, to be run directly beside each API request.
 */
export function statementCapture() {
  const captured: Statement[] = [];
  let capturing = false;
  const logger = {
    logQuery: (query: string, params: unknown[]) => void (capturing && captured.push({ query, params })),
  };
  const capture = async (run: () => Promise<unknown>): Promise<Statement[]> => {
    captured.length = 0;
    capturing = true;
    try {
      await run();
    } finally {
      capturing = false;
    }
    return captured.splice(0);
  };
  return { logger, capture };
}
