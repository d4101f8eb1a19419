import { useState } from 'react';
import { checkFormAnswers, shownFields } from '@openseat/shared/registration-rules';
import type { FamilyRegistrationItem } from '@openseat/shared/schemas/registration';
import { familyApi } from '../api';
import { Loading } from '../components/Loading';
import { Alert } from '../components/Alert';
import { DocumentUpload, type DocumentItem } from '../components/DocumentUpload';
import { FormField } from '../components/FormFields';
import { PageTitle } from '../components/PageTitle';
import { useI18n } from '../i18n/language';
import { applicationPath } from '../paths';
import { Link, useNavigate } from '../router';
import { useErrorText, useLoad } from '../use-load';

type FormItem = FamilyRegistrationItem & { form: NonNullable<FamilyRegistrationItem['form']> };

/**
 * `/family/applications/:id/registration/:item`: one item of the registration checklist the family completes here: a
 * form filled in and sent, or a document uploaded.
 */
export function RegistrationFormPage({ id, item }: { id: number; item: number }) {
  const { t } = useI18n();
  const { data, error } = useLoad(() => familyApi.registration(id), `registration-${id}`);
  const found = data?.items.find((i) => i.id_registration_item === item);
  const open = found && found.state !== 'approved' ? found : null;
  const form = open?.form ? (open as FormItem) : null;
  const document = open?.document ? (open as DocumentItem) : null;
  return (
    <>
      <p className="back">
        <Link to={applicationPath(id)}>{t('backToApplication')}</Link>
      </p>
      <Alert message={error} />
      {data === null ? (
        <Loading failed={error !== null} />
      ) : form ? (
        <>
          <PageTitle>{form.label}</PageTitle>
          {form.help ? <p>{form.help}</p> : null}
          <FormEditor id={id} item={form} />
        </>
      ) : document ? (
        <>
          <PageTitle>{document.label}</PageTitle>
          {document.help ? <p>{document.help}</p> : null}
          {document.state === 'returned' && document.returnedReason ? (
            <p className="registration__returned">{t('returnedBecause', { reason: document.returnedReason })}</p>
          ) : null}
          <DocumentUpload id={id} item={document} />
        </>
      ) : (
        <p>{t('notFound')}</p>
      )}
    </>
  );
}

/**
 * The form's questions, those its conditions lead to; checked by the same rules as the server's before it is sent,
 * each problem beside its question. Once sent, back to the application, which says so.
 */
function FormEditor({ id, item }: { id: number; item: FormItem }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const errorText = useErrorText();
  // the page refreshes its data every half minute: what the guardian typed stays theirs
  const [answers, setAnswers] = useState<Record<string, unknown>>(() => item.form.answers);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkFormAnswers(item.form.fields, answers);
    setProblems(Object.fromEntries(checked.problems.map((p) => [p.field, t(`problem_${p.message}`)])));
    if (checked.problems.length) {
      setError(t('formHasProblems'));
      return;
    }
    setBusy(true);
    setError(null);
    familyApi.sendForm(id, item.id_registration_item, checked.answers).then(
      () => navigate(applicationPath(id), { state: { notice: t('formSent') } }),
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(failure));
      },
    );
  };
  return (
    <form className="panel" onSubmit={submit} noValidate>
      {shownFields(item.form.fields, answers).map((field) => (
        <FormField
          key={field.key}
          field={field}
          value={answers[field.key]}
          problem={problems[field.key]}
          onChange={(value) => setAnswers((before) => ({ ...before, [field.key]: value }))}
        />
      ))}
      <Alert message={error} />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('formSend')}
        </button>
      </div>
    </form>
  );
}
