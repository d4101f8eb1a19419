import { SnackbarProvider } from 'notistack';
import { NOTICE_DURATION_MS } from '@openseat/shared/constants';
import { setNoticeHost } from '../lib/notices';

/** Where notices go, as the signed-in app shows its own: bottom right, for NOTICE_DURATION_MS. */
export const NOTICE_OPTIONS = {
  autoHideDuration: NOTICE_DURATION_MS,
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
} as const;

/** Shows the notices of the pages outside the signed-in app (lib/notices); loaded with the first of them. */
export default function NoticeHost() {
  return (
    <SnackbarProvider
      {...NOTICE_OPTIONS}
      ref={(provider) => {
        if (provider) setNoticeHost(provider.enqueueSnackbar);
      }}
    />
  );
}
