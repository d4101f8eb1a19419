import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Avatar, Button, Stack, TextField } from '@mui/material';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { DialogForm } from '../../../components/DialogForm';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CampusRequestSchema, type CampusRow } from '@openseat/shared/schemas/schools';
import { IMAGE_ACCEPT, IMAGE_LIMIT, isImageType } from '@openseat/shared/images';
import type { ApiError } from '../../../lib/http';
import { message } from '../../../lib/i18n';
import { useObjectUrl } from '../../../hooks/use-object-url';
import { useUpdateCampus } from '../api/schools';

type Input = z.input<typeof CampusRequestSchema>;
const TEXT_FIELDS = ['name', 'address', 'telephone', 'email', 'website', 'sis_school_number', 'description'] as const;

const valuesOf = (campus: CampusRow): Input => ({
  id_campus: campus.id_campus,
  id_school: campus.id_school,
  name: campus.name,
  address: campus.address ?? '',
  telephone: campus.telephone ?? '',
  email: campus.email ?? '',
  website: campus.website ?? '',
  description: campus.description ?? '',
  isMain: campus.isMain,
  sis_school_number: campus.sis_school_number ?? '',
});

/** Edit a campus's details and photo; the chosen photo is previewed before it is saved. */
export function CampusDialog({
  open,
  campus,
  currentPhoto,
  onClose,
}: {
  open: boolean;
  campus: CampusRow;
  /** URL of the stored photo as loaded by the screen (or null). */
  currentPhoto: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateCampus();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const preview = useObjectUrl(photo);
  const form = useForm<Input, unknown, z.output<typeof CampusRequestSchema>>({
    resolver: zodResolver(CampusRequestSchema),
    defaultValues: valuesOf(campus),
  });
  const errors = form.formState.errors;

  const choosePhoto = (file: File | undefined) => {
    if (!file) return;
    if (!isImageType(file.type)) return setPhotoError(message('fileType')!);
    if (file.size > IMAGE_LIMIT) return setPhotoError(message('fileTooLarge')!);
    setPhotoError(null);
    setPhoto(file);
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await update.mutateAsync({ id_campus: campus.id_campus, values, photo });
      enqueueSnackbar(res.message, { variant: 'success' });
      onClose();
    } catch (error) {
      const e = error as ApiError;
      e.errors?.forEach((fe) =>
        fe.path === 'photo'
          ? setPhotoError(fe.message)
          : form.setError(fe.path as keyof Input, { message: fe.message }),
      );
      enqueueSnackbar(e.message, { variant: 'error' });
    }
  });
  const shown = preview ?? currentPhoto;
  return (
    <DialogForm
      open={open}
      title={t('campus.edit')}
      onClose={onClose}
      formId="campus-form"
      onSubmit={onSubmit}
      pending={update.isPending}
      submitTestId="campus-save"
    >
      <Stack direction="row" spacing={2} alignItems="center">
        <Avatar
          variant="rounded"
          src={shown ?? undefined}
          alt={t('campus.photoOf', { name: campus.name })}
          sx={{ width: 96, height: 96 }}
          data-testid="campus-photo-preview"
        >
          <PhotoCameraIcon />
        </Avatar>
        <Button component="label" variant="outlined">
          {photo ? t('campus.changePhoto') : t('campus.choosePhoto')}
          <input
            hidden
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={(e) => choosePhoto(e.target.files?.[0])}
            data-testid="campus-photo-input"
          />
        </Button>
      </Stack>
      {photoError && (
        <Alert severity="error" data-testid="campus-photo-error">
          {photoError}
        </Alert>
      )}
      {TEXT_FIELDS.map((f) => (
        <TextField
          key={f}
          label={t(`schools.fields.${f}`)}
          multiline={f === 'description'}
          minRows={f === 'description' ? 2 : undefined}
          {...form.register(f)}
          error={!!errors[f]}
          helperText={message(errors[f]?.message)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `campus-${f}` } }}
        />
      ))}
      <FormCheckbox control={form.control} name="isMain" label={t('campus.isMain')} />
    </DialogForm>
  );
}
