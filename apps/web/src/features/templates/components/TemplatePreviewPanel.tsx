import { useEffect, useState } from 'react';
import { Alert, Autocomplete, Box, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ApplicationRow } from '@openseat/shared/schemas/applications';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import type { ApiError } from '../../../lib/http';
import { useApplicationChoices, usePreviewTemplate, type TemplateKind } from '../api/templates';
import { SmsSize } from './SmsSize';
import { useSettled } from '../../../hooks/use-settled';

/**
 * The message as a real application of the campus would receive it, rendered by the server from the template as
 * typed (not saved): pick the application, and the preview follows the text while it is edited.
 */
export function TemplatePreviewPanel({
  kind,
  id_campus,
  subject,
  text,
  html,
  lng,
}: {
  kind: TemplateKind;
  id_campus: number;
  subject: string;
  text: string;
  html: string;
  /** The template's language: the preview writes its dates in it. */
  lng: FamilyLanguage;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [application, setApplication] = useState<ApplicationRow | null>(null);
  const choices = useApplicationChoices(id_campus, useSettled(search), open);
  const preview = usePreviewTemplate(kind);
  const { mutate } = preview;
  // each text settles on its own (strings compare by value, so a settled text does not render again)
  const settledSubject = useSettled(subject);
  const settledText = useSettled(text);
  const settledHtml = useSettled(html);
  const id_application = application?.id_application ?? null;

  useEffect(() => {
    if (id_application === null || !settledText.trim()) return;
    mutate({
      id_campus,
      id_application,
      subject: settledSubject || null,
      text: settledText,
      html: settledHtml || null,
      lng,
    });
  }, [mutate, id_campus, id_application, settledSubject, settledText, settledHtml, lng]);

  const result = preview.data;
  return (
    <Stack spacing={1.5}>
      <Autocomplete
        options={choices.data?.data ?? []}
        value={application}
        onChange={(_, value) => setApplication(value)}
        inputValue={search}
        onInputChange={(_, value) => setSearch(value)}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        loading={choices.isFetching}
        filterOptions={(x) => x}
        isOptionEqualToValue={(a, b) => a.id_application === b.id_application}
        getOptionLabel={(a) => `#${a.correlative} ${a.applicantName}`}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('templates.previewOn')}
            helperText={t('templates.previewHelp')}
            inputProps={{ ...params.inputProps, 'data-testid': 'template-preview-application' }}
          />
        )}
      />
      {id_application === null && <Typography color="text.secondary">{t('templates.noApplication')}</Typography>}
      {preview.isError && <Alert severity="error">{(preview.error as ApiError).message}</Alert>}
      {id_application !== null && result && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="template-preview">
          {result.unknownFields.length > 0 && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {t('templates.unknownFields', { fields: result.unknownFields.map((f) => `{{${f}}}`).join(', ') })}
            </Alert>
          )}
          {kind === 'email' && result.subject !== null && (
            <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              <span>{t('templates.previewSubject')}: </span>
              {result.subject}
            </Typography>
          )}
          <Typography
            component="pre"
            aria-label={t('templates.previewText')}
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0 }}
          >
            {result.text}
          </Typography>
          {kind === 'sms' && (
            <Box sx={{ mt: 1 }}>
              <SmsSize text={result.text} rendered />
            </Box>
          )}
          {kind === 'email' && result.html !== null && (
            <Box
              component="iframe"
              // no scripts, no forms, no same-origin access: the HTML is shown, never run
              sandbox=""
              title={t('templates.previewHtml')}
              srcDoc={result.html}
              sx={{ mt: 1, width: '100%', minHeight: 200, border: 1, borderColor: 'divider', bgcolor: 'white' }}
            />
          )}
        </Paper>
      )}
    </Stack>
  );
}
