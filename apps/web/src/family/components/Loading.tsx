import { useI18n } from '../i18n/language';

/** While a screen's data is on its way: said to screen readers; nothing once loading failed (the alert says why). */
export function Loading({ failed }: { failed: boolean }) {
  const { t } = useI18n();
  if (failed) return null;
  return (
    <p role="status" className="loading">
      {t('loading')}
    </p>
  );
}
