import styles from './auth.module.css';

/** The frame of the signed-out pages: a card in the middle of the page, usable from 320 px wide. */
export function SignedOutCard({ children }: { children: React.ReactNode }) {
  return (
    <div className={styles.page}>
      <div className={styles.card}>{children}</div>
    </div>
  );
}
