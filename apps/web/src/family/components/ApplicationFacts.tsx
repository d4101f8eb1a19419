import type { FamilyApplication } from '@openseat/shared/schemas/family';
import { useI18n } from '../i18n/language';

/** The school, campus, grade and school year of an application, and where it stands in plain words. */
export function ApplicationFacts({ application }: { application: FamilyApplication }) {
  const { t } = useI18n();
  const facts: Array<[string, string | null]> = [
    [t('school'), application.school],
    [t('campus'), application.campus],
    [t('grade'), application.grade],
    [t('schoolYear'), application.schoolYear],
  ];
  return (
    <>
      <p className={`stage stage--${application.stage}`}>
        <span className="visually-hidden">{t('status')}: </span>
        {t(`stage_${application.stage}`)}
      </p>
      <dl className="facts">
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== null)
          .map(([term, value]) => (
            <div key={term} className="facts__row">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </>
  );
}

/** What happens next, with the offer's deadline (in the school's time zone) when there is one to meet. */
export function WhatNext({ application }: { application: FamilyApplication }) {
  const { t, dateTime } = useI18n();
  const { offer, stage } = application;
  return (
    <div className="next">
      <h3 className="next__title">{t('whatNext')}</h3>
      <p>{t(`next_${stage}`)}</p>
      {stage === 'offered' && offer?.canAnswer && offer.deadline ? (
        <p className="next__deadline">{t('offerDeadline', { deadline: dateTime(offer.deadline, offer.timeZone) })}</p>
      ) : null}
    </div>
  );
}
