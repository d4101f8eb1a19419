import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from '../router';
import { familyApi } from '../api';
import { Alert } from '../components/Alert';
import { FAMILY_LINK_MINUTES } from '../constants';
import { useI18n } from '../i18n/language';
import { APPLICATIONS } from '../paths';
import { useErrorText } from '../use-load';

/**
 * Sign-in without a password: the guardian's e-mail or phone, then the screen that says to check it (the mail's link
 * and code, or the code by text message), with a field for the code. That screen depends on the contact's shape only,
 * never on what the server knows of it (no enumeration).
 */
export function SignInFlow({ message }: { message?: React.ReactNode }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) return <CodeForm contact={sentTo} onOtherContact={() => setSentTo(null)} />;
  return <ContactForm message={message} onSent={setSentTo} />;
}

function ContactForm({ message, onSent }: { message?: React.ReactNode; onSent: (contact: string) => void }) {
  const { t, lng } = useI18n();
  const errorText = useErrorText();
  const ids = { field: useId(), hint: useId(), error: useId() };
  const [contact, setContact] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = contact.trim();
    setInvalid(value.length < 3);
    if (value.length < 3) return;
    setBusy(true);
    setError(null);
    familyApi.signIn({ contact: value, lng }).then(
      () => onSent(value),
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(failure));
      },
    );
  };
  return (
    <section className="panel" aria-labelledby={ids.field + '-title'}>
      <h1 id={ids.field + '-title'} className="page-title">
        {t('signInTitle')}
      </h1>
      {message}
      <p>{t('signInIntro')}</p>
      <Alert message={error} />
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.field}>{t('contactLabel')}</label>
          <p id={ids.hint} className="field__hint">
            {t('contactHint')}
          </p>
          <input
            id={ids.field}
            name="contact"
            type="text"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={contact}
            onChange={(event) => setContact(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${ids.hint} ${ids.error}` : ids.hint}
          />
          {invalid ? (
            <p id={ids.error} className="field__error">
              {t('contactInvalid')}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('sendLink')}
        </button>
      </form>
    </section>
  );
}

function CodeForm({ contact, onOtherContact }: { contact: string; onOtherContact: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const ids = { field: useId(), hint: useId(), error: useId() };
  const title = useRef<HTMLHeadingElement>(null);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a phone is texted the code alone; an e-mail gets the link and the code (the server decides as it does: by the "@")
  const byText = !contact.includes('@');
  // the screen changed under the guardian's finger: say so, and start the keyboard from here
  useEffect(() => title.current?.focus(), []);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    setInvalid(!/^\d{6}$/.test(digits));
    if (!/^\d{6}$/.test(digits)) return;
    setBusy(true);
    setError(null);
    familyApi.openSession({ contact, code: digits }).then(
      () => navigate(APPLICATIONS, { replace: true }),
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(failure));
      },
    );
  };
  return (
    <section className="panel" aria-labelledby={ids.field + '-title'}>
      <h1 id={ids.field + '-title'} ref={title} tabIndex={-1} className="page-title">
        {t(byText ? 'checkPhoneTitle' : 'checkEmailTitle')}
      </h1>
      <p>{t(byText ? 'checkPhoneBody' : 'checkEmailBody', { contact, minutes: FAMILY_LINK_MINUTES })}</p>
      {byText ? <p className="field__hint">{t('checkPhoneNoText')}</p> : null}
      <Alert message={error} />
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.field}>{t('codeLabel')}</label>
          <p id={ids.hint} className="field__hint">
            {t('codeHint')}
          </p>
          <input
            id={ids.field}
            className="field__code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            dir="ltr"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${ids.hint} ${ids.error}` : ids.hint}
          />
          {invalid ? (
            <p id={ids.error} className="field__error">
              {t('codeInvalid')}
            </p>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('signIn')}
          </button>
          <button type="button" className="button button--quiet" onClick={onOtherContact}>
            {t('useAnotherContact')}
          </button>
        </div>
      </form>
    </section>
  );
}
