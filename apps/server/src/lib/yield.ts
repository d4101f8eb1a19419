/**
 * Lets the process's other work (requests waiting to be answered) run before a long background loop goes on. The
 * embedded database answers on the process's own thread, so a loop of queries would otherwise hold every response.
 */
export const yieldToProcess = () => new Promise<void>((resolve) => setImmediate(resolve));
