import { useEffect, useRef } from 'react';
import { useI18n } from '../i18n/language';

/**
 * A screen's heading, focused when the screen opens: a screen reader announces the new screen, and the keyboard
 * starts from it (a single-page app has no page load to do that).
 */
export function PageTitle({ children }: { children: string }) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${children} · ${t('appName')}`;
  }, [children, t]);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className="page-title">
      {children}
    </h1>
  );
}
