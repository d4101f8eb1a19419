import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { loadMessages } from './i18n';

/**
 * A form's zod resolver whose schema (and with it zod, ~40 kB gzipped) and validation messages load on the form's
 * first validation rather than with its screen: the sign-in page shows without them (issue 22). The schema is still
 * the shared one the server checks.
 */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<z.ZodType<T, T>>): Resolver<T> {
  let resolver: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    resolver ??= Promise.all([load(), import('@hookform/resolvers/zod'), loadMessages()]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<T>,
    );
    return (await resolver)(values, context, options);
  };
}
