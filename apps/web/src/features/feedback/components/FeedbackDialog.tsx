import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useShowRefusal } from '../../../hooks/use-show-refusal';
import { DialogForm } from '../../../components/DialogForm';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { IMAGE_ACCEPT } from '@openseat/shared/images';
import { CreateFeedbackRequestSchema, type FeedbackRow } from '@openseat/shared/schemas/feedback';
import { message } from '../../../lib/i18n';
import { useObjectUrl } from '../../../hooks/use-object-url';
import { useFeedbackScreenshot, useSaveFeedback } from '../api/feedback';

type Input = z.input<typeof CreateFeedbackRequestSchema>;
const TYPES = [1, 2, 3];

/**
 * Create or edit a feedback. A new one starts with the page's address and a screenshot captured in the
 * browser (`initial`); the screenshot is shown and can be removed before sending.
 */
export function FeedbackDialog({
  feedback,
  initial,
  onClose,
}: {
  feedback: FeedbackRow | null;
  initial?: { url: string; screenShot: Blob | null };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveFeedback();
  const stored = useFeedbackScreenshot(feedback);
  // a new image (captured or attached); `removed` drops the stored one of an edited feedback
  const [image, setImage] = useState<Blob | null>(initial?.screenShot ?? null);
  const [removed, setRemoved] = useState(false);
  const shown = image ?? (removed ? null : (stored.data ?? null));
  const preview = useObjectUrl(shown);
  const form = useForm<Input, unknown, z.output<typeof CreateFeedbackRequestSchema>>({
    resolver: zodResolver(CreateFeedbackRequestSchema),
    defaultValues: {
      title: feedback?.title ?? '',
      id_feedback_type: feedback?.id_feedback_type ?? 1,
      description: feedback?.description ?? '',
      url: feedback ? (feedback.url ?? '') : (initial?.url ?? ''),
    },
  });
  const refused = useShowRefusal(form.setError);
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const change = {
        ...body,
        screenShot: image,
        removeScreenShot: Boolean(feedback?.screen_shot) && removed && !image,
      };
      const saved = await save.mutateAsync({ id_feedback: feedback?.id_feedback, change });
      enqueueSnackbar(saved.message, { variant: 'success' });
      onClose();
    } catch (error) {
      refused(error);
    }
  });
  return (
    <DialogForm
      title={feedback ? t('feedback.edit') : t('feedback.send')}
      dialogProps={{ 'data-feedback-skip': true }}
      onClose={onClose}
      formId="feedback-form"
      onSubmit={onSubmit}
      pending={save.isPending}
      cancelLabel={t('feedback.cancel')}
      submitLabel={feedback ? t('feedback.save') : t('feedback.send')}
      submitTestId="feedback-save"
    >
      <TextField
        label={t('feedback.title')}
        required
        {...form.register('title')}
        error={!!errors.title}
        helperText={message(errors.title?.message)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'feedback-title' } }}
      />
      <Controller
        control={form.control}
        name="id_feedback_type"
        render={({ field }) => (
          <TextField
            select
            required
            label={t('feedback.type')}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(Number(e.target.value))}
            error={!!errors.id_feedback_type}
            helperText={message(errors.id_feedback_type?.message)}
            slotProps={{ inputLabel: { shrink: true } }}
          >
            {TYPES.map((id) => (
              <MenuItem key={id} value={id}>
                {t(`feedback.types.${id}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={t('feedback.description')}
        required
        multiline
        minRows={3}
        {...form.register('description')}
        error={!!errors.description}
        helperText={message(errors.description?.message)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'feedback-description' } }}
      />
      <TextField
        label={t('feedback.url')}
        {...form.register('url')}
        error={!!errors.url}
        helperText={message(errors.url?.message)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'feedback-url' } }}
      />
      <Box>
        <Typography variant="subtitle2" component="p" gutterBottom>
          {t('feedback.screenshot')}
        </Typography>
        {preview ? (
          <Stack spacing={1} alignItems="flex-start">
            <Box
              component="img"
              src={preview}
              alt={t('feedback.screenshot')}
              data-testid="feedback-preview"
              sx={{ maxWidth: '100%', maxHeight: 240, border: 1, borderColor: 'divider', borderRadius: 1 }}
            />
            <Button
              size="small"
              variant="outlined"
              data-testid="feedback-remove-screenshot"
              onClick={() => {
                setImage(null);
                setRemoved(true);
              }}
            >
              {t('feedback.removeScreenshot')}
            </Button>
          </Stack>
        ) : (
          <Button component="label" size="small" variant="outlined">
            {t('feedback.attachScreenshot')}
            <input
              hidden
              type="file"
              accept={IMAGE_ACCEPT}
              aria-label={t('feedback.attachScreenshot')}
              onChange={(e) => setImage(e.target.files?.[0] ?? null)}
            />
          </Button>
        )}
      </Box>
    </DialogForm>
  );
}
