import type { FormEventHandler, ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  type ButtonProps,
  type DialogProps,
} from '@mui/material';
import { useTranslation } from 'react-i18next';

export type DialogFooterProps = {
  onCancel: () => void;
  /** "Cancel" unless told. */
  cancelLabel?: string;
  cancelDisabled?: boolean;
  /** "Save" unless told. */
  submitLabel?: string;
  /** The form the submit button submits (by id); without it the button calls `onSubmit`. */
  formId?: string;
  onSubmit?: () => void;
  /** A request under way: the submit button waits. */
  pending: boolean;
  /** The form cannot be sent yet (nothing chosen). */
  disabled?: boolean;
  submitColor?: ButtonProps['color'];
  submitTestId?: string;
};

/** The footer of a dialog that sends something: cancel, then the main button, which waits while the request runs. */
export function DialogFooter({
  onCancel,
  cancelLabel,
  cancelDisabled,
  submitLabel,
  formId,
  onSubmit,
  pending,
  disabled = false,
  submitColor,
  submitTestId,
}: DialogFooterProps) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel ?? t('common.cancel')}
      </Button>
      <Button
        type={formId ? 'submit' : 'button'}
        form={formId}
        onClick={formId ? undefined : onSubmit}
        variant="contained"
        color={submitColor}
        disabled={disabled || pending}
        data-testid={submitTestId}
      >
        {submitLabel ?? t('common.save')}
      </Button>
    </DialogActions>
  );
}

export type DialogFormProps = Omit<DialogFooterProps, 'onCancel' | 'formId' | 'onSubmit'> & {
  title: ReactNode;
  /** Closing by Escape, the backdrop or Cancel. */
  onClose: () => void;
  open?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  fullScreen?: boolean;
  /** Names the dialog by its title (aria-labelledby). */
  titleId?: string;
  /** More attributes of the dialog (`data-testid`, `data-*`). */
  dialogProps?: { [key: `data-${string}`]: unknown };
  /** The form's id: the footer's submit button sends it. */
  formId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Shown above the form (a notice, an error). */
  before?: ReactNode;
  /** The fields as they are, without the column's spacing (a radio list; a step that shows no fields). */
  plain?: boolean;
  /** Replaces the footer (a dialog whose steps end with other buttons). */
  footer?: ReactNode;
  children: ReactNode;
};

/**
 * A dialog around one form: the title, the fields (a column of them, submitted by Enter or the main button) and the
 * footer of `DialogFooter`.
 */
export function DialogForm({
  title,
  onClose,
  open = true,
  maxWidth = 'sm',
  fullScreen,
  titleId,
  dialogProps,
  formId,
  onSubmit,
  before,
  plain = false,
  footer,
  children,
  ...footerProps
}: DialogFormProps) {
  return (
    <Dialog
      open={open}
      onClose={footerProps.cancelDisabled ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      {...dialogProps}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {before}
        {plain ? (
          <form id={formId} onSubmit={onSubmit} noValidate>
            {children}
          </form>
        ) : (
          <Stack component="form" id={formId} spacing={2} sx={{ pt: 1 }} onSubmit={onSubmit} noValidate>
            {children}
          </Stack>
        )}
      </DialogContent>
      {footer ?? <DialogFooter onCancel={onClose} formId={formId} {...footerProps} />}
    </Dialog>
  );
}
