import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApplicationCreateSchema, type ApplicationCreate } from '@openseat/shared/schemas/applications';
import { DialogFooter } from '../../../components/DialogForm';
import type { ApiError } from '../../../lib/http';
import { useCheckDuplicates, useCreateApplication } from '../api/applications';
import { DuplicatesNotice, type Duplicate } from './DuplicatesNotice';
import type { IntakeInput } from './IntakeFields';
import { NewApplicationFields } from './NewApplicationFields';

type Campus = { id_campus: number; name: string };

const blank = (id_campus: number | null, id_school_year: number | null): IntakeInput => ({
  id_campus: id_campus ?? '',
  id_school_year: id_school_year ?? '',
  id_grade: '',
  id_priority_item: '',
  heard_from: '',
  event_date: '',
  applicant: { firstName: '', lastName: '', dateOfBirth: '', email: '', phoneNumber: '' },
  guardian: { name: '', id_guardian_type: '', email: '', phoneNumber: '', dateOfBirth: '' },
});

/**
 * Staff intake of a walk-in or phone enquiry (docs/api-applications.md, `POST /application`). Saving asks the server
 * for possible duplicates first; when there are some, they are listed and staff choose to go on or go back.
 */
export function NewApplicationDialog({
  campuses,
  id_campus,
  id_school_year,
  onClose,
  onCreated,
}: {
  campuses: Campus[];
  id_campus: number | null;
  id_school_year: number | null;
  onClose: () => void;
  onCreated: (id_application: number) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const check = useCheckDuplicates();
  const create = useCreateApplication();
  const form = useForm<IntakeInput, unknown, z.output<typeof ApplicationCreateSchema>>({
    resolver: zodResolver(ApplicationCreateSchema),
    defaultValues: blank(id_campus, id_school_year),
  });
  const [duplicates, setDuplicates] = useState<{ lead: ApplicationCreate; found: Duplicate[] } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = check.isPending || create.isPending;

  const refused = (error: unknown) => {
    const fields = (error as ApiError).errors ?? [];
    fields.forEach((f) => form.setError(f.path as FieldPath<IntakeInput>, { message: f.message }));
    setRefusal(fields.length ? null : (error as Error).message);
    setDuplicates(null);
  };
  const save = async (lead: ApplicationCreate) => {
    try {
      const res = await create.mutateAsync(lead);
      enqueueSnackbar(t('intake.created', { correlative: res.data.correlative }), { variant: 'success' });
      onCreated(res.data.id_application);
    } catch (error) {
      refused(error);
    }
  };
  const submit = form.handleSubmit(async (lead) => {
    setRefusal(null);
    try {
      const { duplicates: found } = await check.mutateAsync(lead);
      if (found.length) setDuplicates({ lead, found });
      else await save(lead);
    } catch (error) {
      refused(error);
    }
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle>{t('intake.title')}</DialogTitle>
      <DialogContent>
        {duplicates ? (
          <DuplicatesNotice found={duplicates.found} />
        ) : (
          <form id="new-application-form" onSubmit={submit} noValidate>
            <NewApplicationFields form={form} campuses={campuses} />
          </form>
        )}
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </DialogContent>
      {duplicates ? (
        <DialogFooter
          onCancel={() => setDuplicates(null)}
          cancelLabel={t('intake.back')}
          cancelDisabled={busy}
          onSubmit={() => void save(duplicates.lead)}
          pending={busy}
          submitLabel={create.isPending ? t('intake.saving') : t('intake.createAnyway')}
          submitTestId="new-create-anyway"
        />
      ) : (
        <DialogFooter
          onCancel={onClose}
          cancelDisabled={busy}
          formId="new-application-form"
          pending={busy}
          submitLabel={
            check.isPending ? t('intake.checking') : create.isPending ? t('intake.saving') : t('intake.save')
          }
          submitTestId="new-save"
        />
      )}
    </Dialog>
  );
}
