import { useEffect, useState } from 'react';
import type { FamilySmsConsentSchool } from '@openseat/shared/schemas/sms-consent';
import { familyApi } from '../api';
import { Alert, Notice } from '../components/Alert';
import { Loading } from '../components/Loading';
import { PageTitle } from '../components/PageTitle';
import { SmsConsentPanel } from '../components/SmsConsentPanel';
import { useI18n } from '../i18n/language';
import { APPLICATIONS } from '../paths';
import { Link } from '../router';
import { useErrorText, useLoad } from '../use-load';

/**
 * `/family/texts`: per school of the guardian's applications, whether it may text their phones (a yes or no that
 * takes effect at once) and the history of that choice (docs/privacy.md, "Messaging consent").
 */
export function TextsPage() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const { data, error } = useLoad(familyApi.smsConsent, 'sms-consent');
  // the server's answer to a change, shown until the next load brings the same
  const [answered, setAnswered] = useState<FamilySmsConsentSchool[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => setAnswered(null), [data]);
  const schools = answered ?? data;
  const answer = (school: FamilySmsConsentSchool, granted: boolean) => {
    setBusy(school.id_school);
    setNotice(null);
    setFailure(null);
    familyApi.answerSmsConsent({ granted, id_school: school.id_school }).then(
      (next) => {
        setBusy(null);
        setAnswered(next);
        setNotice(t(granted ? 'textsOn' : 'textsOff', { school: school.school }));
      },
      (refused: unknown) => {
        setBusy(null);
        setFailure(errorText(refused));
      },
    );
  };
  return (
    <>
      <p className="back">
        <Link to={APPLICATIONS}>{t('backToList')}</Link>
      </p>
      <PageTitle>{t('textsTitle')}</PageTitle>
      <p>{t('textsIntro')}</p>
      <Notice message={notice} />
      <Alert message={failure ?? error} />
      {schools === null ? (
        <Loading failed={error !== null} />
      ) : schools.length === 0 ? (
        <p>{t('noApplications')}</p>
      ) : (
        schools.map((school) => (
          <SmsConsentPanel
            key={school.id_school}
            school={school}
            busy={busy === school.id_school}
            onAnswer={(granted) => answer(school, granted)}
          />
        ))
      )}
    </>
  );
}
