import { Alert, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { smsSegments } from '@openseat/shared/communication';

/** The SMS size while typing: characters, encoding, messages, and the characters that forced UCS-2. */
export function SmsSize({ text, rendered = false }: { text: string; rendered?: boolean }) {
  const { t } = useTranslation();
  const size = smsSegments(text);
  return (
    <Box aria-live="polite" data-testid="sms-size">
      <Typography variant="body2">
        {t('templates.characters', { count: size.units })} · {t('templates.encoding', { encoding: size.encoding })} ·{' '}
        {t('templates.segments', { count: size.segments })} ({t('templates.perSegment', { count: size.perSegment })})
      </Typography>
      {size.encoding === 'UCS-2' && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="sms-ucs2">
          {t('templates.ucs2Because', { chars: size.nonGsm.join(', ') })}
        </Alert>
      )}
      {!rendered && (
        <Typography variant="caption" color="text.secondary">
          {t('templates.smsSizeNote')}
        </Typography>
      )}
    </Box>
  );
}
