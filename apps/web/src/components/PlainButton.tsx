import styles from './plain.module.css';

type Props = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  /** As MUI's Button variants, and `link`: a button that reads as a link. */
  variant?: 'contained' | 'outlined' | 'text' | 'link';
};

const CLASSES = {
  contained: `${styles.button} ${styles.contained}`,
  outlined: `${styles.button} ${styles.outlined}`,
  text: styles.button,
  link: styles.link,
};

/** A button drawn as the theme's MUI buttons are, in a plain element: for the pages outside the signed-in app. */
export function PlainButton({ variant = 'text', type = 'button', ...button }: Props) {
  return <button {...button} type={type} className={CLASSES[variant]} />;
}
