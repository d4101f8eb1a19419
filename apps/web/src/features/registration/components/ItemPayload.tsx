import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FamilyFormField, FamilyRegistrationItem } from '@openseat/shared/schemas/registration';
import { SentDocument } from './SentDocument';
import { SignedAgreement } from './SignedAgreement';

/**
 * The keys every packet item has, and the kinds shown in their own words (a form's answers, a document's file, an
 * agreement's signatures): anything else an item carries is shown as "key: value" lines.
 */
const COMMON = new Set([
  'id_registration_item',
  'kind',
  'required',
  'label',
  'help',
  'state',
  'returnedReason',
  'form',
  'document',
  'agreement',
]);

/** Any value as one line of text: lists joined, objects as "key: value" pairs (what other kinds add fits in). */
export function describe(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(describe).filter(Boolean).join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, describe(v)])
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
  return String(value);
}

function answerText(field: FamilyFormField, answer: unknown, yesNo: { yes: string; no: string }): string {
  if (field.type === 'yes_no' && (answer === 'yes' || answer === 'no')) return yesNo[answer];
  if (field.type === 'choice') return field.choices?.find((c) => c.value === answer)?.label ?? describe(answer);
  if (field.type === 'address' && answer && typeof answer === 'object')
    return Object.values(answer as Record<string, unknown>)
      .map(describe)
      .filter(Boolean)
      .join(', ');
  return describe(answer);
}

type Row = { term: string; value: string };

/** What the family sent for an item: a form's questions and answers; for other kinds, whatever fields it carries. */
export function ItemPayload({ id, item }: { id: number; item: FamilyRegistrationItem }) {
  const { t } = useTranslation();
  const file = item.document?.file;
  const sent = file ? <SentDocument file={file} item={item.label} /> : null;
  const signed = item.agreement ? <SignedAgreement id={id} agreement={item.agreement} /> : null;
  const yesNo = { yes: t('registration.review.yes'), no: t('registration.review.no') };
  const rows: Row[] = [];
  if (item.form) {
    const answers = item.form.answers;
    for (const field of item.form.fields) {
      if (!(field.key in answers)) continue;
      rows.push({
        term: field.label,
        value: answerText(field, answers[field.key], yesNo) || t('registration.review.noAnswer'),
      });
    }
  }
  for (const [key, value] of Object.entries(item)) {
    if (COMMON.has(key)) continue;
    const text = describe(value);
    if (text) rows.push({ term: key, value: text });
  }
  if (sent || signed)
    return (
      <>
        {sent ?? signed}
        <Rows rows={rows} />
      </>
    );
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('registration.review.nothingSent')}
      </Typography>
    );
  return <Rows rows={rows} />;
}

function Rows({ rows }: { rows: Row[] }) {
  if (rows.length === 0) return null;
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, 1fr) 2fr' }, gap: 0.5 }}
    >
      {rows.map((row, i) => (
        <Box key={i} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {row.term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
