import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, DialogContentText, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIST_TYPE } from '@openseat/shared/constants';
import { TransferSpotSchema, type ApplicationDetail } from '@openseat/shared/schemas/applications';
import { DialogForm } from '../../../components/DialogForm';
import { useApplications, useTransferSpot } from '../api/applications';

type Input = z.input<typeof TransferSpotSchema>;

/**
 * Transfer spot (spec section 2): this application's seat goes to one waiting for the same grade in the same
 * school period, in one step; this one becomes declined. The head of the waiting list comes first.
 */
export function TransferSpotDialog({ application, onClose }: { application: ApplicationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const transfer = useTransferSpot();
  const waiting = useApplications({
    type: LIST_TYPE.WAITING_LIST,
    page: 0,
    pageSize: 25,
    id_campus: application.id_campus,
    id_school_year: application.id_school_year,
    id_grade: application.id_grade ?? undefined,
  });
  const form = useForm<Input, unknown, z.output<typeof TransferSpotSchema>>({
    resolver: zodResolver(TransferSpotSchema),
    defaultValues: { id_application_from: application.id_application, id_application_to: null },
  });
  const to = useWatch({ control: form.control, name: 'id_application_to' });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const res = await transfer.mutateAsync(body);
      enqueueSnackbar(res.message, { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  });
  const candidates = waiting.data?.data ?? [];
  return (
    <DialogForm
      title={t('applications.transferSpot')}
      onClose={onClose}
      formId="transfer-spot-form"
      onSubmit={onSubmit}
      pending={transfer.isPending}
      disabled={to === null}
      submitLabel={t('applications.transferSpot')}
      plain
      before={
        <>
          <DialogContentText sx={{ mb: 1 }}>{t('applications.transferSpotHelp')}</DialogContentText>
          {waiting.isSuccess && candidates.length === 0 && (
            <Alert severity="info">{t('applications.noneWaiting')}</Alert>
          )}
        </>
      }
    >
      <Controller
        control={form.control}
        name="id_application_to"
        render={({ field }) => (
          <RadioGroup value={field.value ?? ''} onChange={(e) => field.onChange(Number(e.target.value))}>
            {candidates.map((c) => (
              <FormControlLabel
                key={c.id_application}
                value={c.id_application}
                control={<Radio />}
                label={`#${c.waiting_list_position ?? ''} · ${c.applicantName} (${c.correlative})`}
              />
            ))}
          </RadioGroup>
        )}
      />
    </DialogForm>
  );
}
