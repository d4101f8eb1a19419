import { useEffect, useState } from 'react';
import type { CosignAgreement } from '@openseat/shared/schemas/registration';
import { ApiError, familyApi } from '../api';
import { Alert } from '../components/Alert';
import { AgreementText, SignForm } from '../components/AgreementSign';
import { PageTitle } from '../components/PageTitle';
import { useI18n } from '../i18n/language';
import { useErrorText } from '../use-load';

/**
 * `/family/cosign/:token?to=:id`: the second guardian's link from the invitation e-mail. No session: the token opens
 * this one agreement of this one application (the child's first name and the school, nothing more), and is spent by
 * the signature.
 */
export function CosignPage({ token, id }: { token: string; id: number | null }) {
  const { t, lng } = useI18n();
  const errorText = useErrorText();
  const [agreement, setAgreement] = useState<CosignAgreement | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [signed, setSigned] = useState(false);
  useEffect(() => {
    if (id === null) {
      setFailure(t('cosignLinkInvalid'));
      return;
    }
    let current = true;
    familyApi.openCosign(id, token, lng).then(
      (opened) => current && setAgreement(opened),
      (error: unknown) =>
        current &&
        setFailure(error instanceof ApiError && error.status === 404 ? t('cosignLinkInvalid') : errorText(error)),
    );
    return () => {
      current = false;
    };
    // the agreement is read again in the language the guardian picks
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, id, lng]);
  if (signed)
    return (
      <>
        <PageTitle>{t('agreementSignedNotice')}</PageTitle>
        <p role="status">{t('cosignDone')}</p>
      </>
    );
  if (failure) return <Alert message={failure} />;
  if (!agreement || id === null)
    return (
      <p role="status" className="loading">
        {t('linkChecking')}
      </p>
    );
  return (
    <>
      <PageTitle>{agreement.label}</PageTitle>
      <p>{t('cosignIntro', { child: agreement.applicant, school: agreement.school })}</p>
      <AgreementText label={agreement.label} text={agreement.text} />
      <SignForm
        text={agreement.text}
        documentHash={agreement.documentHash}
        sign={(body) => familyApi.cosign(id, token, body)}
        onSigned={() => setSigned(true)}
      />
    </>
  );
}
