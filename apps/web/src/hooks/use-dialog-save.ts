import { useState } from 'react';
import { useSnackbar } from 'notistack';

/**
 * A dialog's save: on success the server's message in a snackbar and the dialog closed; a refusal (a 409's reason)
 * stays in the dialog, shown by the caller, until the next try.
 */
export function useDialogSave(onClose: () => void) {
  const { enqueueSnackbar } = useSnackbar();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = async (request: () => Promise<{ message: string }>) => {
    setRefusal(null);
    try {
      enqueueSnackbar((await request()).message, { variant: 'success' });
      onClose();
    } catch (error) {
      setRefusal((error as Error).message);
    }
  };
  return { refusal, save };
}
