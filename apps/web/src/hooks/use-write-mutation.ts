import { useCallback, useRef, useState } from 'react';
import {
  useMutation,
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

/** What a write sends, as text: a file stands for its name, size, type and date, a form for its entries. */
function keyOf(variables: unknown): string {
  return JSON.stringify(variables ?? null, (_key, value: unknown) => {
    if (typeof Blob !== 'undefined' && value instanceof Blob)
      return ['blob', (value as File).name ?? '', value.size, value.type, (value as File).lastModified ?? 0];
    if (typeof FormData !== 'undefined' && value instanceof FormData) return ['form', [...value.entries()]];
    return value;
  });
}

/**
 * `useMutation` for a button that writes: one request per write. TanStack reports `isPending` a task after
 * `mutate` (its notifications are batched on a timer), so a double click used to send twice; here a second call
 * with the same variables while the first is in flight gets the first one's promise and sends nothing, and
 * `isPending` turns true in the same event that started the write (the button is disabled before the second click
 * lands). A call with other variables (another row, another file) is sent as usual: nothing a user asked for is
 * dropped.
 */
export function useWriteMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const inFlight = useRef(new Map<string, Promise<TData>>());
  const [busy, setBusy] = useState(false);
  const { mutateAsync: send } = mutation;
  const mutateAsync = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      const key = keyOf(variables);
      const same = inFlight.current.get(key);
      if (same) return same;
      setBusy(true);
      const running = send(variables, callbacks).finally(() => {
        inFlight.current.delete(key);
        setBusy(inFlight.current.size > 0);
      });
      inFlight.current.set(key, running);
      return running;
    },
    [send],
  );
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      // errors reach the caller through `callbacks.onError` and the mutation's `error`, as with useMutation
      mutateAsync(variables, callbacks).catch(() => {});
    },
    [mutateAsync],
  );
  return { ...mutation, isPending: mutation.isPending || busy, mutate, mutateAsync } as UseMutationResult<
    TData,
    TError,
    TVariables,
    TContext
  >;
}
