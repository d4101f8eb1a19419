import styles from './lottery-public.module.css';

/** Characters of a hash shown before it is opened. */
const SHOWN = 12;

/**
 * A long hex value (hash, seed) shortened to its first characters; opening it shows the whole value, as text that can
 * be selected and copied. `label` says to a screen reader what the value is.
 */
export function ShortHash({ value, label }: { value: string; label: string }) {
  if (value.length <= SHOWN + 4) return <span className={styles.mono}>{value}</span>;
  return (
    <details className={styles.hash}>
      <summary>
        <span className={styles.mono}>{value.slice(0, SHOWN)}…</span>
        <span className={styles.hidden}>{label}</span>
      </summary>
      <span className={styles.mono}>{value}</span>
    </details>
  );
}
