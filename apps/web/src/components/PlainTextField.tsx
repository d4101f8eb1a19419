import { useId } from 'react';
import styles from './plain.module.css';

type Props = {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  error?: boolean;
  helperText?: React.ReactNode;
  defaultValue?: string;
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
  /** Attributes of the input element itself (a data-testid). */
  inputProps?: Record<string, string>;
};

/**
 * An outlined text field drawn as MUI's TextField draws it, in plain elements and CSS: for the pages outside the
 * signed-in app, so the sign-in page loads no MUI (issue 22).
 */
export function PlainTextField({ label, helperText, error, inputProps, ...input }: Props) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <div className={error ? `${styles.field} ${styles.invalid}` : styles.field}>
      {/* the blank placeholder tells the stylesheet whether the field is empty (the label then sits inside it) */}
      <input
        {...input}
        {...inputProps}
        id={id}
        className={styles.input}
        placeholder=" "
        aria-invalid={error || undefined}
        aria-describedby={helperText ? helperId : undefined}
      />
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {helperText ? (
        <p id={helperId} className={styles.helper}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}
