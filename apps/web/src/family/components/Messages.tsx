import { useId } from 'react';
import type { FamilyApplicationDetail } from '@openseat/shared/schemas/family';
import { useI18n } from '../i18n/language';

/** The messages the family received about the application, newest first: when, how, and about what. */
export function Messages({ messages }: { messages: FamilyApplicationDetail['messages'] }) {
  const { t, dateTime } = useI18n();
  const titleId = useId();
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('messagesTitle')}</h2>
      {messages.length === 0 ? (
        <p>{t('noMessages')}</p>
      ) : (
        <ul className="messages">
          {messages.map((message, index) => (
            <li key={`${message.at}-${index}`} className="message">
              <p className="message__meta">
                <time dateTime={message.at}>{dateTime(message.at)}</time>
                <span aria-hidden="true"> · </span>
                <span className="visually-hidden">, {t('channel')}: </span>
                {t(`channel_${message.channel}`)}
              </p>
              <p className="message__subject">{message.subject ?? t('noSubject')}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The campus's phone and e-mail, for questions. */
export function CampusContact({ application }: { application: FamilyApplicationDetail }) {
  const { t } = useI18n();
  const titleId = useId();
  const { phone, email } = application.contact;
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('contactTitle')}</h2>
      <p className="contact__campus">{`${application.campus} · ${application.school}`}</p>
      {!phone && !email ? <p>{t('noContact')}</p> : null}
      <ul className="contact">
        {phone ? (
          <li>
            <span>{t('phone')}: </span>
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr">
              {phone}
            </a>
          </li>
        ) : null}
        {email ? (
          <li>
            <span>{t('email')}: </span>
            <a href={`mailto:${email}`} dir="ltr">
              {email}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
