import { useState } from 'react';
import { Avatar, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CampusRow } from '@openseat/shared/schemas/schools';
import { useAbility } from '../../../lib/ability';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useObjectUrl } from '../../../hooks/use-object-url';
import { useCampusPhoto, useDeleteCampus } from '../api/schools';
import { CampusDialog } from './CampusDialog';

/** The campus's details and photo, with edit and delete (a campus in use is refused with the reason). */
export function CampusCard({ campus }: { campus: CampusRow }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const ability = useAbility();
  const photo = useObjectUrl(useCampusPhoto(campus).data);
  const remove = useDeleteCampus();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const onDelete = async () => {
    const res = await remove.mutateAsync({ id_campus: campus.id_campus, id_school: campus.id_school });
    enqueueSnackbar(res.message, { variant: 'success' });
    navigate(`/main/schools/school/${campus.id_school}`, { replace: true });
  };
  const details = [campus.address, campus.telephone, campus.email, campus.website].filter(Boolean);
  return (
    <Card sx={{ mb: 2 }} data-testid="campus-card">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Avatar
            variant="rounded"
            src={photo ?? undefined}
            alt={t('campus.photoOf', { name: campus.name })}
            sx={{ width: 112, height: 112 }}
            data-testid="campus-photo"
          >
            <PhotoCameraIcon />
          </Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography variant="h6" component="h2" data-testid="campus-name-shown">
                {campus.name}
              </Typography>
              {campus.isMain && <Chip size="small" label={t('campus.isMain')} />}
            </Stack>
            {details.map((d) => (
              <Typography key={d} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {d}
              </Typography>
            ))}
            {campus.description && (
              <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                {campus.description}
              </Typography>
            )}
          </Box>
          <Stack
            direction={{ xs: 'row', sm: 'column' }}
            spacing={1}
            alignItems="flex-start"
            flexWrap="wrap"
            useFlexGap
            sx={{ '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
          >
            {ability.can('edit', 'school_campus') && (
              <Button startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="campus-edit">
                {t('campus.edit')}
              </Button>
            )}
            {ability.can('delete', 'school_campus') && (
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => setDeleting(true)}
                data-testid="campus-delete"
              >
                {t('campus.delete')}
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
      {editing && <CampusDialog open campus={campus} currentPhoto={photo} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={deleting}
        title={t('campus.delete')}
        consequence={t('campus.confirmDelete', { name: campus.name })}
        confirmLabel={t('campus.delete')}
        danger
        onConfirm={onDelete}
        onClose={() => setDeleting(false)}
      />
    </Card>
  );
}
