import { useId, useState } from 'react';
import type { FamilyRegistrationItem } from '@openseat/shared/schemas/registration';
import { familyApi } from '../api';
import { Alert, Notice } from '../components/Alert';
import { AgreementText, SignForm, SignatureList } from '../components/AgreementSign';
import { Loading } from '../components/Loading';
import { PageTitle } from '../components/PageTitle';
import { useI18n } from '../i18n/language';
import { applicationPath } from '../paths';
import { Link, useNavigate } from '../router';
import { useErrorText, useLoad } from '../use-load';

type AgreementItem = FamilyRegistrationItem & { agreement: NonNullable<FamilyRegistrationItem['agreement']> };

/**
 * `/family/applications/:id/agreements/:item`: an agreement of the registration checklist, read and signed; for two
 * guardians, the other one invited by e-mail once this one has signed. A version signed before the school changed
 * the text is shown apart, as it was signed.
 */
export function AgreementPage({ id, item }: { id: number; item: number }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  // with a second signer the page stays (the invitation is next): the signature is confirmed here
  const [signed, setSigned] = useState<string | null>(null);
  const { data, error, reload } = useLoad(() => familyApi.registration(id), `registration-${id}`);
  const found = data?.items.find((i) => i.id_registration_item === item);
  const agreement = found?.agreement ? (found as AgreementItem) : null;
  return (
    <>
      <p className="back">
        <Link to={applicationPath(id)}>{t('backToApplication')}</Link>
      </p>
      <Alert message={error} />
      {data === null ? (
        <Loading failed={error !== null} />
      ) : agreement ? (
        <>
          <PageTitle>{agreement.label}</PageTitle>
          <Notice message={signed} />
          {agreement.help ? <p>{agreement.help}</p> : null}
          {agreement.agreement.previous ? (
            <p className="registration__returned">{t('agreementChangedNotice')}</p>
          ) : null}
          <AgreementText label={agreement.label} text={agreement.agreement.text} />
          <SignatureList signatures={agreement.agreement.signatures} />
          <AgreementAction
            id={id}
            item={agreement}
            onSigned={() => {
              if (agreement.agreement.signers === 'two') {
                setSigned(t('agreementSignedNotice'));
                reload();
              } else navigate(applicationPath(id), { state: { notice: t('agreementSignedNotice') } });
            }}
            onInvited={reload}
          />
          {agreement.agreement.previous ? (
            <details className="agreement__previous">
              <summary>{t('agreementPrevious')}</summary>
              <AgreementText label={agreement.label} text={agreement.agreement.previous.text} />
              <SignatureList signatures={agreement.agreement.previous.signatures} />
            </details>
          ) : null}
        </>
      ) : (
        <p>{t('notFound')}</p>
      )}
    </>
  );
}

function AgreementAction({
  id,
  item,
  onSigned,
  onInvited,
}: {
  id: number;
  item: AgreementItem;
  onSigned: () => void;
  onInvited: () => void;
}) {
  const { t } = useI18n();
  const { agreement } = item;
  const signedHere = agreement.signatures.some((s) => s.role === 'first') && item.state !== 'returned';
  if (item.state === 'approved') return <p>{t('itemState_approved')}</p>;
  if (!signedHere)
    return (
      <SignForm
        text={agreement.text}
        documentHash={agreement.documentHash}
        sign={(body) => familyApi.signAgreement(id, item.id_registration_item, body)}
        onSigned={onSigned}
      />
    );
  if (!agreement.waiting) return <p>{t('itemState_submitted')}</p>;
  return <InviteForm id={id} item={item} onInvited={onInvited} />;
}

/** The second guardian's address: the invitation goes by e-mail, a link for that one agreement. */
function InviteForm({ id, item, onInvited }: { id: number; item: AgreementItem; onInvited: () => void }) {
  const { t, lng } = useI18n();
  const errorText = useErrorText();
  const titleId = useId();
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const invitation = item.agreement.invitation;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(t('inviteNeedsEmail'));
      return;
    }
    setBusy(true);
    setError(null);
    familyApi.inviteCosigner(id, item.id_registration_item, email.trim()).then(
      () => {
        setBusy(false);
        setEmail('');
        setNotice(t('inviteSent'));
        onInvited();
      },
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(failure));
      },
    );
  };
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('inviteTitle')}</h2>
      <p className="item-state">{t('agreementWaiting')}</p>
      <p>{t('inviteIntro')}</p>
      {invitation ? (
        <p>
          {t('invitePending', {
            email: invitation.email,
            date: new Date(invitation.expiresAt).toLocaleDateString(lng, { dateStyle: 'long' }),
          })}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={inputId}>{t('inviteEmail')}</label>
          <input
            id={inputId}
            type="email"
            autoComplete="off"
            inputMode="email"
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <Alert message={error} />
        <Notice message={notice} />
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {t(invitation ? 'inviteAgain' : 'inviteSend')}
          </button>
        </div>
      </form>
    </section>
  );
}
