import { useTranslation } from 'react-i18next';
import type { LotteryReport, ReportCount } from '@openseat/shared/schemas/lottery-public';
import styles from './lottery-public.module.css';

/** The results report per grade of the drawn lottery, with its total; suppressed counts shown as "*", explained below. */
export function ReportTable({ report }: { report: LotteryReport }) {
  const { t } = useTranslation();
  // a small count and its complement look alike on purpose (lottery.report.ts); a screen reader says the word
  const count = (c: ReportCount) =>
    c.suppressed ? (
      <>
        <span aria-hidden="true">{t('lotteryPublic.suppressedMark')}</span>
        <span className={styles.hidden}>{t('lotteryPublic.suppressed')}</span>
      </>
    ) : (
      String(c.value ?? 0)
    );
  if (!report.total) return <p className={styles.status}>{t('lotteryPublic.noReport')}</p>;
  const none = t('lotteryPublic.none');
  return (
    <>
      <p className={styles.caption} aria-hidden="true">
        {t('lotteryPublic.reportCaption')}
      </p>
      <div className={styles.scroll} role="region" aria-label={t('lotteryPublic.reportCaption')} tabIndex={0}>
        <table className={styles.table} data-testid="public-lottery-report">
          <caption className={styles.hidden}>{t('lotteryPublic.reportCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lotteryPublic.grade')}</th>
              <th scope="col" className={styles.number}>
                {t('lotteryPublic.seats')}
              </th>
              <th scope="col" className={styles.number}>
                {t('lotteryPublic.applicants')}
              </th>
              <th scope="col" className={styles.number}>
                {t('lotteryPublic.offers')}
              </th>
              <th scope="col" className={styles.number}>
                {t('lotteryPublic.waiting')}
              </th>
              <th scope="col" className={styles.number}>
                {t('lotteryPublic.lowestLevel')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.grades.map((g) => (
              <tr key={g.id_grade}>
                <th scope="row">{g.grade}</th>
                <td className={styles.number}>{g.seats}</td>
                <td className={styles.number}>{count(g.applicants)}</td>
                <td className={styles.number}>{count(g.offers)}</td>
                <td className={styles.number}>{count(g.waiting)}</td>
                <td className={styles.number}>{g.lowestLevel ?? none}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('lotteryPublic.total')}</th>
              <td className={styles.number}>{report.total.seats}</td>
              <td className={styles.number}>{count(report.total.applicants)}</td>
              <td className={styles.number}>{count(report.total.offers)}</td>
              <td className={styles.number}>{count(report.total.waiting)}</td>
              <td className={styles.number}>{none}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className={styles.note}>{t('lotteryPublic.suppressedNote')}</p>
    </>
  );
}
