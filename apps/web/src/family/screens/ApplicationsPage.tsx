import type { FamilyApplication } from '@openseat/shared/schemas/family';
import { familyApi } from '../api';
import { Loading } from '../components/Loading';
import { Alert } from '../components/Alert';
import { ApplicationFacts, WhatNext } from '../components/ApplicationFacts';
import { PageTitle } from '../components/PageTitle';
import { Steps } from '../components/Steps';
import { useI18n } from '../i18n/language';
import { applicationPath } from '../paths';
import { Link } from '../router';
import { useLoad } from '../use-load';

/** `/family/applications`: every application of the guardian's, each in plain words with its steps. */
export function ApplicationsPage() {
  const { t } = useI18n();
  const { data, error } = useLoad(familyApi.applications, 'applications');
  return (
    <>
      <PageTitle>{t('applicationsTitle')}</PageTitle>
      <Alert message={error} />
      {data === null ? (
        <Loading failed={error !== null} />
      ) : data.length === 0 ? (
        <p>{t('noApplications')}</p>
      ) : (
        <ul className="cards">
          {data.map((application) => (
            <li key={application.id_application}>
              <ApplicationCard application={application} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ApplicationCard({ application }: { application: FamilyApplication }) {
  const { t } = useI18n();
  return (
    <article className="card" aria-labelledby={`child-${application.id_application}`}>
      <h2 id={`child-${application.id_application}`} className="card__title">
        {application.child}
      </h2>
      <ApplicationFacts application={application} />
      <WhatNext application={application} />
      <Steps steps={application.steps} />
      <Link className="button button--primary card__action" to={applicationPath(application.id_application)}>
        {t('seeDetails', { child: application.child })}
      </Link>
    </article>
  );
}
