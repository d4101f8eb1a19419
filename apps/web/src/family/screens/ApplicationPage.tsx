import { useState } from 'react';
import { familyApi } from '../api';
import { Alert, Notice } from '../components/Alert';
import { ApplicationFacts, WhatNext } from '../components/ApplicationFacts';
import { CampusContact, Messages } from '../components/Messages';
import { OfferPanel } from '../components/OfferPanel';
import { PageTitle } from '../components/PageTitle';
import { RegistrationPanel } from '../components/RegistrationPanel';
import { Steps } from '../components/Steps';
import { WaitingPlace } from '../components/WaitingPlace';
import { useI18n } from '../i18n/language';
import { APPLICATIONS } from '../paths';
import { Link, usePlace } from '../router';
import { useLoad } from '../use-load';

/** `/family/applications/:id`: one application: its steps, the waiting place explained, the offer, messages, contact. */
export function ApplicationPage({ id }: { id: number }) {
  const { t } = useI18n();
  const { data, error, reload } = useLoad(() => familyApi.application(id), `application-${id}`);
  // a notice brought from another screen (a registration form sent)
  const brought = (usePlace().state as { notice?: string } | null)?.notice ?? null;
  const [answered, setAnswered] = useState<string | null>(brought);
  const onAnswered = (message: string) => {
    setAnswered(message);
    reload();
  };
  return (
    <>
      <p className="back">
        <Link to={APPLICATIONS}>{t('backToList')}</Link>
      </p>
      <Notice message={answered} />
      <Alert message={error} />
      {data === null ? (
        error ? null : (
          <p role="status" className="loading">
            {t('loading')}
          </p>
        )
      ) : (
        <>
          <PageTitle>{data.child}</PageTitle>
          <section className="panel" aria-label={t('progress')}>
            <ApplicationFacts application={data} />
            <Steps steps={data.steps} />
            <WhatNext application={data} />
          </section>
          {/* the answer's key: a reloaded offer starts again from its two buttons */}
          {data.offer ? <OfferPanel key={answered ?? ''} application={data} onAnswered={onAnswered} /> : null}
          {data.stage === 'accepted' || data.stage === 'enrolled' ? <RegistrationPanel id={id} /> : null}
          {data.waiting ? <WaitingPlace waiting={data.waiting} /> : null}
          <Messages messages={data.messages} />
          <CampusContact application={data} />
        </>
      )}
    </>
  );
}
