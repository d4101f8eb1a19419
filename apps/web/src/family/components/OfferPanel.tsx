import { useEffect, useId, useRef, useState } from 'react';
import type { FamilyApplication, FamilyDeclineReason } from '@openseat/shared/schemas/family';
import { familyApi } from '../api';
import { useI18n } from '../i18n/language';
import { useErrorText } from '../use-load';
import { Alert } from './Alert';

type Step = 'choose' | 'accept' | 'decline';
type Props = {
  application: FamilyApplication;
  /** The answer was recorded: what to tell the guardian (the screen loads the application again). */
  onAnswered: (message: string) => void;
};

/** The offered seat: its deadline in the school's time zone, and accept or decline, each confirmed first. */
export function OfferPanel({ application, onAnswered }: Props) {
  const { t, dateTime } = useI18n();
  const titleId = useId();
  const [step, setStep] = useState<Step>('choose');
  const offer = application.offer;
  if (!offer) return null;
  return (
    <section className="panel panel--offer" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('offerTitle')}</h2>
      {!offer.canAnswer ? (
        <p>{t('offerClosed')}</p>
      ) : (
        <>
          <p className="offer__deadline">
            {offer.deadline
              ? t('offerDeadline', { deadline: dateTime(offer.deadline, offer.timeZone) })
              : t('offerNoDeadline')}
          </p>
          {step === 'choose' ? (
            <div className="actions">
              <button type="button" className="button button--primary" onClick={() => setStep('accept')}>
                {t('accept')}
              </button>
              <button type="button" className="button" onClick={() => setStep('decline')}>
                {t('decline')}
              </button>
            </div>
          ) : step === 'accept' ? (
            <ConfirmAccept application={application} onBack={() => setStep('choose')} onAnswered={onAnswered} />
          ) : (
            <ConfirmDecline application={application} onBack={() => setStep('choose')} onAnswered={onAnswered} />
          )}
        </>
      )}
    </section>
  );
}

type ConfirmProps = Props & { onBack: () => void };

/** Sends an answer once; while it is on its way the buttons wait, and a refusal shows the server's words. */
function useAnswer(application: FamilyApplication, onAnswered: (message: string) => void) {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = (body: Parameters<typeof familyApi.answer>[1], message: string) => {
    setBusy(true);
    setError(null);
    familyApi.answer(application.id_application, body).then(
      () => onAnswered(message),
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(failure));
      },
    );
  };
  return { busy, error, send };
}

/** The confirmation's first words take the focus: the question is what the guardian hears next. */
function useFocusOnOpen() {
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return question;
}

function ConfirmAccept({ application, onBack, onAnswered }: ConfirmProps) {
  const { t } = useI18n();
  const question = useFocusOnOpen();
  const { busy, error, send } = useAnswer(application, onAnswered);
  const words = { child: application.child, campus: application.campus };
  return (
    <div className="confirm">
      <p ref={question} tabIndex={-1} className="confirm__question">
        {t('confirmAccept', words)}
      </p>
      <Alert message={error} />
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => send({ answer: 'accept' }, t('answerAccepted'))}
        >
          {t('confirmAcceptButton')}
        </button>
        <button type="button" className="button button--quiet" onClick={onBack} disabled={busy}>
          {t('goBack')}
        </button>
      </div>
    </div>
  );
}

function ConfirmDecline({ application, onBack, onAnswered }: ConfirmProps) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const question = useFocusOnOpen();
  const errorId = useId();
  const { busy, error, send } = useAnswer(application, onAnswered);
  const [reasons, setReasons] = useState<FamilyDeclineReason[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reason, setReason] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let current = true;
    familyApi.declineReasons(application.id_application).then(
      (list) => current && setReasons(list),
      (failure: unknown) => current && setLoadError(errorText(failure)),
    );
    return () => {
      current = false;
    };
  }, [application.id_application, errorText]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setMissing(reason === null);
    if (reason !== null) send({ answer: 'decline', id_decline_reason: reason }, t('answerDeclined'));
  };
  return (
    <form className="confirm" onSubmit={submit} noValidate>
      <p ref={question} tabIndex={-1} className="confirm__question">
        {t('confirmDecline', { child: application.child, campus: application.campus })}
      </p>
      <Alert message={error ?? loadError} />
      {reasons === null ? null : (
        <fieldset className="choices" aria-describedby={missing ? errorId : undefined}>
          <legend>{t('declineReason')}</legend>
          {reasons.map((option) => (
            <label key={option.id_decline_reason} className="choice">
              <input
                type="radio"
                name="reason"
                value={option.id_decline_reason}
                checked={reason === option.id_decline_reason}
                onChange={() => setReason(option.id_decline_reason)}
              />
              <span>{option.label}</span>
            </label>
          ))}
          {missing ? (
            <p id={errorId} className="field__error">
              {t('reasonRequired')}
            </p>
          ) : null}
        </fieldset>
      )}
      <div className="actions">
        <button type="submit" className="button button--danger" disabled={busy || reasons === null}>
          {t('confirmDeclineButton')}
        </button>
        <button type="button" className="button button--quiet" onClick={onBack} disabled={busy}>
          {t('goBack')}
        </button>
      </div>
    </form>
  );
}
