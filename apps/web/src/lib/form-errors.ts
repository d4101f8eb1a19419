import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from './http';

/** Puts the field errors of a refused save (a 400's `errors`) on the form's fields of the same path. */
export function setFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown) {
  (error as ApiError).errors?.forEach((fe) => setError(fe.path as Path<T>, { message: fe.message }));
}
