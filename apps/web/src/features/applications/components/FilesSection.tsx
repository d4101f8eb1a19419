import { useRef, useState } from 'react';
import { Box, Button, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import { useAbility } from '../../../lib/ability';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowAction } from '../../../components/RowAction';
import { formatDate } from '../../../lib/dates';
import { downloadFile, useDeleteFile, useUploadFile } from '../api/applications';
import { APPLICATION_FILE_ACCEPT } from '@openseat/shared/schemas/application-records';

type StoredFile = ApplicationDetail['applicationFiles'][number];

/** "Other files" of an application: upload with progress (rounded percentage), download, delete after a confirmation. */
export function FilesSection({ application }: { application: ApplicationDetail }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const upload = useUploadFile();
  const remove = useDeleteFile();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const open = application.periodState !== 'finalized';

  const send = async (file: File) => {
    setProgress(0);
    try {
      const res = await upload.mutateAsync({
        id_application: application.id_application,
        file,
        onProgress: (share) => setProgress(Math.round(share * 100)),
      });
      enqueueSnackbar(res.message, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      {open && ability.can('upload_file', 'application') && (
        <Box sx={{ mb: 1 }}>
          <input
            ref={input}
            type="file"
            accept={APPLICATION_FILE_ACCEPT}
            hidden
            onChange={(e) => e.target.files?.[0] && void send(e.target.files[0])}
            data-testid="file-input"
            aria-label={t('applications.uploadFile')}
          />
          <Button variant="outlined" onClick={() => input.current?.click()} disabled={progress !== null}>
            {t('applications.uploadFile')}
          </Button>
          {progress !== null && (
            <Box sx={{ mt: 1 }} data-testid="upload-progress">
              <LinearProgress variant="determinate" value={progress} aria-label={t('applications.uploading')} />
              <Typography variant="body2">{`${progress}%`}</Typography>
            </Box>
          )}
        </Box>
      )}
      {application.applicationFiles.length === 0 && (
        <Typography color="text.secondary">{t('applications.noFiles')}</Typography>
      )}
      <List dense data-testid="files-list">
        {application.applicationFiles.map((f) => (
          <ListItem
            key={f.id_application_file}
            disableGutters
            secondaryAction={
              open &&
              ability.can('delete_file', 'application') && (
                <RowAction
                  title={t('applications.deleteFile')}
                  label={t('applications.deleteFileNamed', { name: f.originalName })}
                  icon={<DeleteIcon fontSize="small" />}
                  onClick={() => setDeleting(f)}
                  testId={`file-delete-${f.id_application_file}`}
                />
              )
            }
          >
            <ListItemText
              primary={
                ability.can('download_application', 'application') ? (
                  <Button
                    size="small"
                    sx={{ textTransform: 'none', p: 0 }}
                    onClick={() =>
                      void downloadFile(f.id_application_file, f.originalName).catch((e: Error) =>
                        enqueueSnackbar(e.message, { variant: 'error' }),
                      )
                    }
                  >
                    {f.originalName}
                  </Button>
                ) : (
                  f.originalName
                )
              }
              secondary={formatDate(f.createdAt, t('common.noDate'))}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={deleting !== null}
        title={t('applications.deleteFile')}
        consequence={t('applications.deleteFileConsequence', { name: deleting?.originalName ?? '' })}
        confirmLabel={t('applications.deleteFile')}
        danger
        onConfirm={async () => {
          const res = await remove.mutateAsync(deleting!.id_application_file);
          enqueueSnackbar(res.message, { variant: 'success' });
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
