import { FORM_PROVIDER } from '@openseat/shared/constants';
import { translate } from '@openseat/shared/messages';
import type { CampusFormRow, SubmissionRow } from '@openseat/shared/schemas/communication';
import type { FormRecord, SubmissionRecord } from './forms.repository';

/** The address the provider posts a form's deliveries to. */
export const webhookUrlOf = (publicUrl: string, form: Pick<FormRecord, 'id_campus_form' | 'id_form_type'>) =>
  `${publicUrl}/api/webhooks/${form.id_form_type === FORM_PROVIDER.GOOGLE_FORMS ? 'google-forms' : 'typeform'}/${form.id_campus_form}`;

/** A form as the tab shows it: never its secret, only whether it has one. */
export const presentForm = (publicUrl: string, f: FormRecord): CampusFormRow => ({
  id_campus_form: f.id_campus_form,
  id_campus: f.id_campus,
  id_campus_year: f.id_campus_year,
  id_status_from: f.id_status_from,
  id_status_to: f.id_status_to,
  form_name: f.form_name,
  form_id: f.form_id,
  form_url: f.form_url,
  is_application_form: f.is_application_form,
  id_form_type: f.id_form_type,
  field_map: f.fieldMap ?? {},
  webhookUrl: webhookUrlOf(publicUrl, f),
  hasSecret: Boolean(f.secretSealed),
});

/** The reason of a review is stored as a message key: shown in the reader's language. */
export const presentSubmission = (r: SubmissionRecord, lng: string): SubmissionRow => ({
  id_form_submission: r.id_form_submission,
  id_campus: r.id_campus,
  id_campus_form: r.id_campus_form,
  form_name: r.form_name,
  id_form_type: r.id_form_type,
  deliveryId: r.deliveryId,
  id_application: r.id_application,
  status: r.status === 'needs_review' ? 'needs_review' : 'processed',
  error: r.error === null ? null : translate(r.error, lng),
  answers: r.answers ?? [],
  createdAt: r.createdAt.toISOString(),
});
