import { Box, MenuItem, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useShowRefusal } from '../../../hooks/use-show-refusal';
import { useSnackbar } from 'notistack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import { FAMILY_LANGUAGES, RTL_LANGUAGES } from '@openseat/shared/schemas/family';
import { DialogForm } from '../../../components/DialogForm';
import { message } from '../../../lib/i18n';
import { useMessageTypes, useSaveEmailTemplate, useSaveSmsTemplate, type TemplateKind } from '../api/templates';
import { useMergeInsert } from '../hooks/use-merge-insert';
import {
  templateId,
  templateResolver,
  templateValues,
  type TemplateBody,
  type TemplateRow,
  type TemplateValues,
} from '../template-form';
import { MergeFields } from './MergeFields';
import { SmsSize } from './SmsSize';
import { TemplateMoveFields } from './TemplateMoveFields';
import { TemplatePreviewPanel } from './TemplatePreviewPanel';

/** Create or edit an e-mail or SMS template of a campus: its type, language, bound move, texts, fields, preview. */
export function TemplateDialog({
  kind,
  id_campus,
  row,
  onClose,
}: {
  kind: TemplateKind;
  id_campus: number;
  row: TemplateRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const types = useMessageTypes(kind);
  const saveEmail = useSaveEmailTemplate();
  const saveSms = useSaveSmsTemplate();
  const isEmail = kind === 'email';
  // the errors stand until the next save, as the server's do
  const form = useForm<TemplateValues, unknown, TemplateBody>({
    resolver: templateResolver(kind, id_campus, row),
    defaultValues: templateValues(kind, row),
    reValidateMode: 'onSubmit',
  });
  const refused = useShowRefusal(form.setError);
  const values = useWatch({ control: form.control }) as TemplateValues;
  const { insert, track } = useMergeInsert(form, !isEmail);
  const writing = { lang: values.lng, dir: RTL_LANGUAGES.includes(values.lng) ? ('rtl' as const) : undefined };
  const statusChange = values.id_type === MESSAGE_TYPE.STATUS_CHANGE;
  const typeField = isEmail ? 'id_email_type' : 'id_text_message_type';
  // the request's paths: the type's errors stand on id_email_type / id_text_message_type
  const errors = form.formState.errors as Partial<Record<string, { message?: string }>>;
  const err = (key: string, help?: string) => ({
    error: !!errors[key],
    helperText: message(errors[key]?.message) ?? help,
  });

  const onSubmit = form.handleSubmit(async (body) => {
    const id = templateId(kind, row);
    try {
      const result = isEmail
        ? await saveEmail.mutateAsync({ id, body: body as never })
        : await saveSms.mutateAsync({ id, body: body as never });
      enqueueSnackbar(result.message, { variant: 'success' });
      onClose();
    } catch (error) {
      form.clearErrors();
      refused(error);
    }
  });

  return (
    <DialogForm
      title={
        row
          ? t(isEmail ? 'templates.editEmail' : 'templates.editSms')
          : t(isEmail ? 'templates.createEmail' : 'templates.createSms')
      }
      onClose={onClose}
      maxWidth="md"
      fullScreen={narrow}
      formId={`template-form-${kind}`}
      onSubmit={onSubmit}
      pending={saveEmail.isPending || saveSms.isPending}
      submitTestId="template-save"
    >
      <TextField
        label={t('templates.name')}
        {...form.register('name')}
        required
        {...err('name')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'template-name' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          control={form.control}
          name="id_type"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label={t('templates.type')}
              // the catalog's options arrive after the first render: no value until they do
              value={types.data ? field.value : ''}
              onChange={(e) => field.onChange(Number(e.target.value))}
              {...err(typeField)}
            >
              {(types.data ?? []).map((type) => (
                <MenuItem key={type.id} value={type.id}>
                  {t(`templates.types.${type.id}`, { defaultValue: type.name })}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="lng"
          render={({ field }) => (
            <TextField select fullWidth label={t('templates.language')} {...field} {...err('lng')}>
              {FAMILY_LANGUAGES.map((lng) => (
                <MenuItem key={lng} value={lng}>
                  {t(`templates.languages.${lng}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
      {statusChange && <TemplateMoveFields control={form.control} errors={errors} />}
      {isEmail && (
        <TextField label={t('templates.subject')} required {...track('subject', writing)} {...err('subject')} />
      )}
      <TextField
        label={t('templates.text')}
        required
        multiline
        minRows={4}
        {...track('text', writing)}
        {...err('text')}
      />
      {!isEmail && <SmsSize text={values.text} />}
      {isEmail && (
        <TextField
          label={t('templates.html')}
          multiline
          minRows={3}
          {...track('html')}
          {...err('html', t('templates.htmlHelp'))}
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
          lng={values.lng}
        />
      </Box>
    </DialogForm>
  );
}
