import { useTranslation } from 'react-i18next';
import type { LotteryLogEntry } from '@openseat/shared/schemas/lottery';
import { ShortHash } from './ShortHash';
import { utc } from './when';
import styles from './lottery-public.module.css';

/** A hash or seed among an entry's facts: shortened like the entry's own hash. */
const LONG_HEX = /^[0-9a-f]{32,}$/;

/** The facts of an entry as written (its body is the JSON text the hash covers); a body that is not an object as it is. */
function factsOf(body: string): Array<[string, string]> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.entries(parsed).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]);
  } catch {
    return null;
  }
}

function EntryFacts({ entry }: { entry: LotteryLogEntry }) {
  const { t } = useTranslation();
  const facts = factsOf(entry.body);
  if (!facts) return <span className={styles.mono}>{entry.body}</span>;
  return (
    <ul className={styles.entryFacts}>
      {facts.map(([key, value]) => {
        const label = t(`lotteryPublic.factKeys.${key}`, { defaultValue: key });
        return (
          <li key={key}>
            {label}:{' '}
            {LONG_HEX.test(value) || value.length > 60 ? (
              <ShortHash value={value} label={label} />
            ) : (
              <span className={key === 'reason' ? undefined : styles.mono}>{value}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The period's log, entry by entry in order: number, time (UTC), step, its facts and its hash. */
export function LogTable({ log }: { log: LotteryLogEntry[] }) {
  const { t, i18n } = useTranslation();
  if (!log.length) return <p className={styles.status}>{t('lotteryPublic.noLog')}</p>;
  return (
    <>
      <p className={styles.caption} aria-hidden="true">
        {t('lotteryPublic.logCaption')}
      </p>
      <div className={styles.scroll} role="region" aria-label={t('lotteryPublic.logCaption')} tabIndex={0}>
        <table className={styles.table} data-testid="public-lottery-log">
          <caption className={styles.hidden}>{t('lotteryPublic.logCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.number}>
                {t('lotteryPublic.seq')}
              </th>
              <th scope="col">{t('lotteryPublic.at')}</th>
              <th scope="col">{t('lotteryPublic.kind')}</th>
              <th scope="col">{t('lotteryPublic.facts')}</th>
              <th scope="col">{t('lotteryPublic.hash')}</th>
            </tr>
          </thead>
          <tbody>
            {log.map((entry) => (
              <tr key={entry.seq}>
                <td className={styles.number}>{entry.seq}</td>
                <td>
                  <time dateTime={entry.at}>{utc(entry.at, i18n.language, t('lotteryPublic.none'))}</time>
                </td>
                <td>{t(`lotteryPublic.kinds.${entry.kind}`)}</td>
                <td>
                  <EntryFacts entry={entry} />
                </td>
                <td>
                  <ShortHash value={entry.hash} label={t('lotteryPublic.fullHash', { seq: entry.seq })} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
