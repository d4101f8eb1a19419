import { useSnackbar } from 'notistack';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { setFieldErrors } from '../lib/form-errors';

/** The catch of a form's save: the refusal's field errors on its fields, its message in an error snackbar. */
export function useShowRefusal<T extends FieldValues>(setError: UseFormSetError<T>) {
  const { enqueueSnackbar } = useSnackbar();
  return (error: unknown) => {
    setFieldErrors(setError, error);
    enqueueSnackbar((error as Error).message, { variant: 'error' });
  };
}
