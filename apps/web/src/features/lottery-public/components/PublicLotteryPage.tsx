import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { lotteryPublicEn, lotteryPublicEs } from '../../../locales/lotteryPublic';
import { publicFileUrl, usePublicLottery } from '../api/lottery-public';
import { LogTable } from './LogTable';
import { LotteryFacts } from './LotteryFacts';
import { ReportTable } from './ReportTable';
import styles from './lottery-public.module.css';

/**
 * The page's own words come with it: the sign-in page does not carry them, nor does this page wait for the signed-in
 * app's catalogue. Added through the hook's instance (importing lib/i18n here would split the first page's bundle).
 */
function useWords() {
  const { t, i18n } = useTranslation();
  if (!i18n.exists('lotteryPublic.title', { lng: 'es' })) {
    i18n.addResourceBundle('en', 'translation', { lotteryPublic: lotteryPublicEn }, true, false);
    i18n.addResourceBundle('es', 'translation', { lotteryPublic: lotteryPublicEs }, true, false);
  }
  return { t, lng: i18n.language };
}

const VERIFY_COMMAND = 'node scripts/verify-lottery.mjs record.csv log.jsonl';

/**
 * A school period's public lottery record (issue 23), at /public/lottery/:token, for anyone with the link and no
 * sign-in: the lotteries' facts, the results report, the hash-chained log, the files and how to check them. It shows
 * no names. Plain elements, no MUI or router: main.tsx shows it alone, signed in or not, and hands it the language
 * switch of the pages outside the signed-in app (its code is in the first page's bundle already).
 */
export default function PublicLotteryPage({
  token,
  languageSwitch,
}: {
  token: string;
  languageSwitch: React.ReactNode;
}) {
  const { t, lng } = useWords();
  const { state, retry } = usePublicLottery(token);

  useEffect(() => {
    document.title = `${t('lotteryPublic.title')} · ${t('appName')}`;
  }, [t]);

  const section = (id: string, title: string, children: React.ReactNode) => (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );

  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <header className={styles.header}>
          <div>
            <h1 className={styles.title} data-testid="page-title">
              {t('lotteryPublic.title')}
            </h1>
            {state.status === 'ready' ? (
              <>
                <p className={styles.subtitle} data-testid="public-lottery-school">
                  {state.page.school}
                </p>
                <p className={styles.status}>
                  {t('lotteryPublic.period', { campus: state.page.campus, schoolYear: state.page.schoolYear })}
                </p>
              </>
            ) : null}
          </div>
          {languageSwitch}
        </header>

        {state.status === 'loading' ? (
          <p className={styles.status} role="status">
            {t('lotteryPublic.loading')}
          </p>
        ) : state.status === 'notFound' ? (
          <p className={styles.error} role="alert">
            {t('lotteryPublic.notFound')}
          </p>
        ) : state.status === 'failed' ? (
          <div className={styles.card}>
            <p className={styles.error} role="alert">
              {t('lotteryPublic.failed')}
            </p>
            <button type="button" className={styles.button} onClick={retry}>
              {t('lotteryPublic.retry')}
            </button>
          </div>
        ) : (
          <>
            <p className={styles.status}>{t('lotteryPublic.intro')}</p>
            {section(
              'public-lotteries',
              t('lotteryPublic.lotteries'),
              state.page.lotteries.length ? (
                state.page.lotteries.map((l) => <LotteryFacts key={l.id_lottery} lottery={l} />)
              ) : (
                <p className={styles.status}>{t('lotteryPublic.noLotteries')}</p>
              ),
            )}
            {section('public-report', t('lotteryPublic.report'), <ReportTable report={state.page.report} />)}
            {section('public-log', t('lotteryPublic.log'), <LogTable log={state.page.log} />)}
            {section(
              'public-downloads',
              t('lotteryPublic.downloads'),
              <ul className={styles.links}>
                <li>
                  <a href={publicFileUrl.log(token)} download>
                    {t('lotteryPublic.downloadLog')}
                  </a>
                </li>
                <li>
                  <a href={publicFileUrl.report(token, lng)} download>
                    {t('lotteryPublic.downloadReport')}
                  </a>
                </li>
                {state.page.report.id_lottery !== null ? (
                  <li>
                    <a href={publicFileUrl.record(token)} download>
                      {t('lotteryPublic.downloadRecord')}
                    </a>
                  </li>
                ) : null}
              </ul>,
            )}
            {section(
              'public-verify',
              t('lotteryPublic.verify'),
              <>
                <p className={styles.status}>{t('lotteryPublic.verifyText')}</p>
                <code className={styles.command}>{VERIFY_COMMAND}</code>
                {state.page.report.id_lottery === null ? (
                  <p className={styles.note}>{t('lotteryPublic.verifyNoDraw')}</p>
                ) : null}
              </>,
            )}
          </>
        )}
      </div>
    </main>
  );
}
