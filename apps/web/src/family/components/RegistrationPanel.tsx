import { useId } from 'react';
import type { FamilyRegistrationItem } from '@openseat/shared/schemas/registration';
import { familyApi } from '../api';
import { useI18n } from '../i18n/language';
import { registrationFormPath } from '../paths';
import { Link } from '../router';
import { useLoad } from '../use-load';
import { Alert } from './Alert';

/** After the seat is accepted: the registration checklist, what is done and what is left, and the way to do it. */
export function RegistrationPanel({ id }: { id: number }) {
  const { t } = useI18n();
  const titleId = useId();
  const { data, error } = useLoad(() => familyApi.registration(id), `registration-${id}`);
  if (error) return <Alert message={error} />;
  if (!data || data.items.length === 0) return null;
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('registrationTitle')}</h2>
      <p>{t('registrationIntro')}</p>
      <p className="registration__progress">
        {t('registrationProgress', { approved: data.approved, required: data.required })}
      </p>
      <ul className="registration">
        {data.items.map((item) => (
          <li key={item.id_registration_item} className="registration__item">
            <h3>
              {item.label}
              {item.required ? null : <span className="registration__optional"> {t('optionalMark')}</span>}
            </h3>
            <p className={`item-state item-state--${item.state}`}>{t(`itemState_${item.state}`)}</p>
            {item.help ? <p>{item.help}</p> : null}
            {item.state === 'returned' && item.returnedReason ? (
              <p className="registration__returned">{t('returnedBecause', { reason: item.returnedReason })}</p>
            ) : null}
            <ItemAction id={id} item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ItemAction({ id, item }: { id: number; item: FamilyRegistrationItem }) {
  const { t } = useI18n();
  if (item.state === 'approved') return null;
  if (item.kind === 'form')
    return (
      <Link to={registrationFormPath(id, item.id_registration_item)} className="button">
        {t(item.state === 'to_do' ? 'fillIn' : 'changeAnswers', { item: item.label })}
      </Link>
    );
  if (item.kind === 'document')
    return (
      <>
        {item.document?.file ? (
          <p>
            {t('documentCurrent', { name: item.document.file.name })}{' '}
            <a href={item.document.file.url}>{t('documentView')}</a>
          </p>
        ) : null}
        <Link to={registrationFormPath(id, item.id_registration_item)} className="button">
          {t(item.state === 'to_do' ? 'documentUpload' : 'documentReplace', { item: item.label })}
        </Link>
      </>
    );
  return <p className="field__hint">{t(item.kind === 'deposit' ? 'depositBySchool' : 'completeWithSchool')}</p>;
}
