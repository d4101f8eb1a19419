import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import { STATUS } from '@openseat/shared/constants';
import {
  EmailTemplateRequestSchema,
  TextMessageTemplateRequestSchema,
  type CampusEmailRow,
  type CampusTextMessageRow,
} from '@openseat/shared/schemas/communication';
import type { ApiError } from '../../../lib/http';
import { message } from '../../../lib/i18n';
import { useMessageTypes, useSaveEmailTemplate, useSaveSmsTemplate, type TemplateKind } from '../api/templates';
import { MergeFields } from './MergeFields';
import { SmsSize } from './SmsSize';
import { TemplatePreviewPanel } from './TemplatePreviewPanel';

type TextFieldName = 'subject' | 'text' | 'html';
type Values = {
  name: string;
  id_type: number;
  lng: 'en' | 'es';
  id_status_from: number | null;
  id_status_to: number | null;
  subject: string;
  text: string;
  html: string;
};
type Errors = Partial<Record<string, string>>;

const STATUS_IDS = Object.values(STATUS);

function valuesOf(kind: TemplateKind, row: CampusEmailRow | CampusTextMessageRow | null): Values {
  const empty: Values = {
    name: '',
    id_type: MESSAGE_TYPE.STATUS_CHANGE,
    lng: 'en',
    id_status_from: null,
    id_status_to: null,
    subject: '',
    text: '',
    html: '',
  };
  if (!row) return empty;
  const binding = { id_status_from: row.id_status_from, id_status_to: row.id_status_to };
  if (kind === 'email') {
    const e = (row as CampusEmailRow).email;
    return {
      ...binding,
      name: e.name,
      id_type: e.id_email_type,
      lng: e.lng === 'es' ? 'es' : 'en',
      subject: e.subject,
      text: e.text ?? '',
      html: e.html ?? '',
    };
  }
  const m = (row as CampusTextMessageRow).text_message;
  return {
    ...empty,
    ...binding,
    name: m.name,
    id_type: m.id_text_message_type,
    lng: m.lng === 'es' ? 'es' : 'en',
    text: m.text,
  };
}

/** Create or edit an e-mail or SMS template of a campus: its type, language, bound move, texts, fields, preview. */
export function TemplateDialog({
  kind,
  id_campus,
  row,
  onClose,
}: {
  kind: TemplateKind;
  id_campus: number;
  row: CampusEmailRow | CampusTextMessageRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const types = useMessageTypes(kind);
  const saveEmail = useSaveEmailTemplate();
  const saveSms = useSaveSmsTemplate();
  const [values, setValues] = useState<Values>(() => valuesOf(kind, row));
  const [errors, setErrors] = useState<Errors>({});
  const inputs = useRef<Partial<Record<TextFieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [target, setTarget] = useState<TextFieldName>('text');
  const isEmail = kind === 'email';
  const statusChange = values.id_type === MESSAGE_TYPE.STATUS_CHANGE;
  const id = row
    ? isEmail
      ? (row as CampusEmailRow).id_campus_email
      : (row as CampusTextMessageRow).id_campus_text_message
    : undefined;
  const typeField = isEmail ? 'id_email_type' : 'id_text_message_type';

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  /** Puts `{{name}}` where the cursor was in the last text field used, and puts the cursor after it. */
  const insert = (name: string) => {
    const field = isEmail ? target : 'text';
    const el = inputs.current[field];
    const current = values[field];
    const token = `{{${name}}}`;
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    set(field, current.slice(0, start) + token + current.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const bodyOf = () => {
    const binding = statusChange
      ? { id_status_from: values.id_status_from, id_status_to: values.id_status_to }
      : { id_status_from: null, id_status_to: null };
    const common = { id_campus, name: values.name, lng: values.lng, text: values.text, ...binding };
    return isEmail
      ? EmailTemplateRequestSchema.safeParse({
          ...common,
          subject: values.subject,
          html: values.html,
          id_email_type: values.id_type,
          id_template: row ? ((row as CampusEmailRow).email.id_template ?? null) : null,
        })
      : TextMessageTemplateRequestSchema.safeParse({ ...common, id_text_message_type: values.id_type });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = bodyOf();
    const found: Errors = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    // the move rules the server applies too, shown before the round trip
    if (statusChange && values.id_status_to === null) found.id_status_to ??= 'templateNeedsMove';
    else if (statusChange && values.id_status_from !== null && values.id_status_from === values.id_status_to)
      found.id_status_to ??= 'templateSameStatus';
    if (!parsed.success || Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const result = isEmail
        ? await saveEmail.mutateAsync({ id, body: parsed.data as never })
        : await saveSms.mutateAsync({ id, body: parsed.data as never });
      enqueueSnackbar(result.message, { variant: 'success' });
      onClose();
    } catch (error) {
      const e = error as ApiError;
      setErrors(Object.fromEntries((e.errors ?? []).map((fe) => [fe.path, fe.message])));
      enqueueSnackbar(e.message, { variant: 'error' });
    }
  };

  const err = (key: string) => ({ error: !!errors[key], helperText: message(errors[key]) });
  const errOrHelp = (key: string, help?: string) => ({
    error: !!errors[key],
    helperText: message(errors[key]) ?? help,
  });
  const textProps = (field: TextFieldName) => ({
    inputRef: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[field] = el;
    },
    onFocus: () => setTarget(field),
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field, e.target.value),
    slotProps: { inputLabel: { shrink: true }, htmlInput: { 'data-testid': `template-${field}` } },
  });
  const statusLabel = (s: number) => t(`statuses.${s}`);
  const pending = saveEmail.isPending || saveSms.isPending;
  const formId = `template-form-${kind}`;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={narrow}>
      <DialogTitle>
        {row
          ? t(isEmail ? 'templates.editEmail' : 'templates.editSms')
          : t(isEmail ? 'templates.createEmail' : 'templates.createSms')}
      </DialogTitle>
      <DialogContent>
        <Stack component="form" id={formId} spacing={2} sx={{ pt: 1 }} onSubmit={submit} noValidate>
          <TextField
            label={t('templates.name')}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            required
            {...err('name')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'template-name' } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label={t('templates.type')}
              // the catalog's options arrive after the first render: no value until they do
              value={types.data ? values.id_type : ''}
              onChange={(e) => set('id_type', Number(e.target.value))}
              {...err(typeField)}
            >
              {(types.data ?? []).map((type) => (
                <MenuItem key={type.id} value={type.id}>
                  {t(`templates.types.${type.id}`, { defaultValue: type.name })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label={t('templates.language')}
              value={values.lng}
              onChange={(e) => set('lng', e.target.value as 'en' | 'es')}
              {...err('lng')}
            >
              <MenuItem value="en">{t('templates.languages.en')}</MenuItem>
              <MenuItem value="es">{t('templates.languages.es')}</MenuItem>
            </TextField>
          </Stack>
          {statusChange && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                fullWidth
                label={t('templates.statusFrom')}
                value={values.id_status_from ?? ''}
                onChange={(e) => set('id_status_from', e.target.value === '' ? null : Number(e.target.value))}
                {...err('id_status_from')}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">{t('templates.anyStatus')}</MenuItem>
                {STATUS_IDS.map((s) => (
                  <MenuItem key={s} value={s}>
                    {statusLabel(s)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                fullWidth
                required
                label={t('templates.statusTo')}
                value={values.id_status_to ?? ''}
                onChange={(e) => set('id_status_to', e.target.value === '' ? null : Number(e.target.value))}
                {...err('id_status_to')}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">{t('templates.noStatus')}</MenuItem>
                {STATUS_IDS.map((s) => (
                  <MenuItem key={s} value={s}>
                    {statusLabel(s)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          {isEmail && (
            <TextField label={t('templates.subject')} required {...textProps('subject')} {...err('subject')} />
          )}
          <TextField
            label={t('templates.text')}
            required
            multiline
            minRows={4}
            {...textProps('text')}
            {...err('text')}
          />
          {!isEmail && <SmsSize text={values.text} />}
          {isEmail && (
            <TextField
              label={t('templates.html')}
              multiline
              minRows={3}
              {...textProps('html')}
              {...errOrHelp('html', t('templates.htmlHelp'))}
            />
          )}
          <MergeFields onInsert={insert} />
          <Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t('templates.preview')}
            </Typography>
            <TemplatePreviewPanel
              kind={kind}
              id_campus={id_campus}
              subject={values.subject}
              text={values.text}
              html={values.html}
            />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={pending} data-testid="template-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
