import { useId, useState } from 'react';
import { AGREEMENT_CONSENT } from '@openseat/shared/agreement-consent';
import type { AgreementSignRequest, AgreementSignature } from '@openseat/shared/schemas/registration';
import { useI18n } from '../i18n/language';
import { useErrorText } from '../use-load';
import { Alert } from './Alert';

/**
 * The SHA-256 (hex) of the text as UTF-8, computed here from the words on the screen: the server refuses a signature
 * whose hash is not the one of its current text. Without Web Crypto (a page not served over HTTPS) the server's own
 * hash of the text it sent is used.
 */
async function hashOf(text: string, given: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return given;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The agreement's words, as they are signed: paragraphs kept, in a region of its own. */
export function AgreementText({ label, text }: { label: string; text: string }) {
  const { t } = useI18n();
  return (
    <section className="agreement__text" aria-label={t('agreementTextOf', { item: label })} tabIndex={0}>
      {text.split(/\r?\n/).map((line, i) => (line.trim() ? <p key={i}>{line}</p> : null))}
    </section>
  );
}

/** Who signed, when (in the reader's language). */
export function SignatureList({ signatures }: { signatures: AgreementSignature[] }) {
  const { t, lng } = useI18n();
  if (!signatures.length) return null;
  return (
    <ul className="agreement__signatures">
      {signatures.map((s) => (
        <li key={s.id_registration_signature}>
          {t('agreementSignedBy', {
            name: s.fullName,
            date: new Date(s.signedAt).toLocaleString(lng, { dateStyle: 'long', timeStyle: 'short' }),
          })}
        </li>
      ))}
    </ul>
  );
}

/**
 * The signing form: the consent sentence beside its checkbox (the words the server records, in the guardian's
 * language), the full name typed, and the button. `sign` sends what was shown, with the text's hash.
 */
export function SignForm({
  text,
  documentHash,
  sign,
  onSigned,
}: {
  text: string;
  documentHash: string;
  sign: (body: AgreementSignRequest) => Promise<unknown>;
  onSigned: () => void;
}) {
  const { t, lng } = useI18n();
  const errorText = useErrorText();
  const id = useId();
  const [consent, setConsent] = useState(false);
  const [fullName, setFullName] = useState('');
  const [problems, setProblems] = useState<{ consent?: string; fullName?: string }>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = {
      ...(consent ? {} : { consent: t('agreementNeedsConsent') }),
      ...(fullName.trim() ? {} : { fullName: t('agreementNeedsName') }),
    };
    setProblems(found);
    if (found.consent || found.fullName) {
      setError(t('formHasProblems'));
      return;
    }
    setBusy(true);
    setError(null);
    hashOf(text, documentHash)
      .then((hash) => sign({ fullName: fullName.trim(), consent: true, documentHash: hash, lng }))
      .then(onSigned, (failure: unknown) => {
        setBusy(false);
        setError(errorText(failure));
      });
  };
  return (
    <form className="panel" onSubmit={submit} noValidate>
      <div className="field">
        <label className="choice agreement__consent">
          <input
            type="checkbox"
            checked={consent}
            aria-invalid={problems.consent ? true : undefined}
            aria-describedby={problems.consent ? `${id}-consent` : undefined}
            onChange={(event) => setConsent(event.target.checked)}
          />
          <span>{AGREEMENT_CONSENT[lng]}</span>
        </label>
        {problems.consent ? (
          <p id={`${id}-consent`} className="field__error">
            {problems.consent}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('agreementFullName')}</label>
        <p id={`${id}-hint`} className="field__hint">
          {t('agreementFullNameHint')}
        </p>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="name"
          maxLength={200}
          value={fullName}
          aria-invalid={problems.fullName ? true : undefined}
          aria-describedby={problems.fullName ? `${id}-hint ${id}-name-problem` : `${id}-hint`}
          onChange={(event) => setFullName(event.target.value)}
        />
        {problems.fullName ? (
          <p id={`${id}-name-problem`} className="field__error">
            {problems.fullName}
          </p>
        ) : null}
      </div>
      <Alert message={error} />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('agreementSign')}
        </button>
      </div>
    </form>
  );
}
