import { useState } from 'react';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import FeedbackIcon from '@mui/icons-material/Feedback';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../lib/ability';
import { capturePage } from '../capture';
import { FeedbackDialog } from './FeedbackDialog';

/** The top bar's "Send feedback": captures the page first, then opens the dialog with its address and image. */
export default function SendFeedbackAction() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const [busy, setBusy] = useState(false);
  const [initial, setInitial] = useState<{ url: string; screenShot: Blob | null } | null>(null);
  if (!ability.can('create', 'feedback')) return null;
  const open = async () => {
    setBusy(true);
    const url = window.location.href;
    const screenShot = await capturePage();
    if (!screenShot) enqueueSnackbar(t('feedback.captureFailed'), { variant: 'warning' });
    setBusy(false);
    setInitial({ url, screenShot });
  };
  return (
    <>
      <Tooltip title={t('feedback.send')}>
        <span>
          <IconButton
            color="inherit"
            onClick={() => void open()}
            disabled={busy}
            aria-label={busy ? t('feedback.capturing') : t('feedback.send')}
            data-testid="send-feedback"
            data-feedback-skip
          >
            {busy ? <CircularProgress size={20} color="inherit" /> : <FeedbackIcon />}
          </IconButton>
        </span>
      </Tooltip>
      {initial && <FeedbackDialog feedback={null} initial={initial} onClose={() => setInitial(null)} />}
    </>
  );
}
