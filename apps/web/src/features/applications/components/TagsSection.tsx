import { useState } from 'react';
import { Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import { useAbility } from '../../../lib/ability';
import { useCampusTags, useTagApplication } from '../api/applications';

/** The tags of an application; with manage_tags, a campus tag can be added and any removed. */
export function TagsSection({ application }: { application: ApplicationDetail }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const manage = ability.can('manage_tags', 'application') && application.periodState !== 'finalized';
  const campusTags = useCampusTags(manage ? application.id_campus : null);
  const tag = useTagApplication();
  const [choice, setChoice] = useState<number | ''>('');
  const current = new Set(application.applicationTag.map((x) => x.id_tag));
  const offered = (campusTags.data?.data ?? []).filter((x) => !current.has(x.id_tag));
  const change = async (id_tag: number, add: boolean) => {
    try {
      const res = await tag.mutateAsync({ id_application: application.id_application, id_tag, add });
      enqueueSnackbar(res.message, { variant: 'success' });
      setChoice('');
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="application-tags">
        {application.applicationTag.length === 0 && <Typography color="text.secondary">{t('common.none')}</Typography>}
        {application.applicationTag.map((x) => (
          <Chip
            key={x.id_tag}
            size="small"
            label={x.tag.name}
            onDelete={manage ? () => void change(x.id_tag, false) : undefined}
          />
        ))}
      </Stack>
      {manage && offered.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
          <TextField
            select
            size="small"
            label={t('applications.addTag')}
            value={choice}
            onChange={(e) => setChoice(Number(e.target.value))}
            // room for the whole label in either language ('Agregar una etiqueta' was cut at 160 px)
            sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 360 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'tag-choice' } as object } }}
          >
            {offered.map((x) => (
              <MenuItem key={x.id_tag} value={x.id_tag}>
                {x.name}
              </MenuItem>
            ))}
          </TextField>
          <Button disabled={choice === '' || tag.isPending} onClick={() => choice !== '' && void change(choice, true)}>
            {t('applications.add')}
          </Button>
        </Stack>
      )}
    </>
  );
}
