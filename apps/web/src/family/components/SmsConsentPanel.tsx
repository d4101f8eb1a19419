import { useId } from 'react';
import type { FamilySmsConsentSchool } from '@openseat/shared/schemas/sms-consent';
import { useI18n } from '../i18n/language';

type Props = {
  school: FamilySmsConsentSchool;
  /** The guardian's answer is on its way: the switch waits. */
  busy: boolean;
  onAnswer: (granted: boolean) => void;
};

/** One school: the phones its texts go to (mostly hidden), a yes/no switch with what it means, and the history. */
export function SmsConsentPanel({ school, busy, onAnswer }: Props) {
  const { t } = useI18n();
  const id = useId();
  const severalPhones = school.phones.length > 1;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{school.school}</h2>
      {school.phones.length === 0 ? (
        <p>{t('textsNoPhone')}</p>
      ) : (
        <>
          <p>
            {t('textsPhones')}:{' '}
            {school.phones.map((phone, index) => (
              <span key={phone}>
                {index > 0 ? ', ' : null}
                <bdi dir="ltr">{phone}</bdi>
              </span>
            ))}
          </p>
          <div className="field">
            <label className="choice">
              <input
                type="checkbox"
                role="switch"
                checked={school.granted}
                disabled={busy}
                aria-describedby={`${id}-explain`}
                onChange={(event) => onAnswer(event.target.checked)}
              />
              <span>{t('textsSwitch', { school: school.school })}</span>
            </label>
            <p id={`${id}-explain`} className="field__hint">
              {t('textsExplain')}
            </p>
          </div>
        </>
      )}
      <h3>{t('textsHistory')}</h3>
      {school.history.length === 0 ? (
        <p>{t('textsNoHistory')}</p>
      ) : (
        <History school={school} severalPhones={severalPhones} />
      )}
    </section>
  );
}

/** The changes, newest first: when, yes or no, how (and for which phone, when the school texts several). */
function History({ school, severalPhones }: { school: FamilySmsConsentSchool; severalPhones: boolean }) {
  const { t, dateTime } = useI18n();
  return (
    <ul className="messages">
      {school.history.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="message">
          <p className="message__meta">
            <time dateTime={entry.at}>{dateTime(entry.at)}</time>
            <span aria-hidden="true"> · </span>
            <span className="visually-hidden">, {t('textsHow')}: </span>
            {t(`source_${entry.source}`)}
            {severalPhones ? (
              <>
                <span aria-hidden="true"> · </span>
                <span className="visually-hidden">, {t('phone')}: </span>
                <bdi dir="ltr">{entry.phone}</bdi>
              </>
            ) : null}
          </p>
          <p className="message__subject">
            <span className="visually-hidden">{t('textsAnswer')}: </span>
            {t(entry.granted ? 'yes' : 'no')}
          </p>
        </li>
      ))}
    </ul>
  );
}
