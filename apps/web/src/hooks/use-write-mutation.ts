import { useCallback, useRef, useState } from 'react';
import {
  useMutation,
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

/**
 * `useMutation` for a button that writes: one request at a time. TanStack reports `isPending` a task after
 * `mutate` (its notifications are batched on a timer), so a double click used to send twice; here the second call
 * while one is in flight gets the first one's promise and sends nothing, and `isPending` turns true in the same
 * event that started the write (the button is disabled before the second click lands).
 */
export function useWriteMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const inFlight = useRef<Promise<TData> | null>(null);
  const [busy, setBusy] = useState(false);
  const { mutateAsync: send } = mutation;
  const mutateAsync = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (inFlight.current) return inFlight.current;
      setBusy(true);
      const running = send(variables, callbacks).finally(() => {
        inFlight.current = null;
        setBusy(false);
      });
      inFlight.current = running;
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
