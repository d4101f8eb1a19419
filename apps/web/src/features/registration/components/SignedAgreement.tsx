import { Box, Button, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { AgreementSignature, FamilyRegistrationItem } from '@openseat/shared/schemas/registration';
import { formatDateTime } from '../../../lib/dates';
import { downloadFile } from '../../../lib/download';

type Agreement = NonNullable<FamilyRegistrationItem['agreement']>;

/** An agreement as staff review it: its text, who signed when (each signed PDF to download), what is awaited. */
export function SignedAgreement({ id, agreement }: { id: number; agreement: Agreement }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack spacing={1} data-testid="signed-agreement">
      <Box component="details">
        <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
          {t('registration.review.agreementText')}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
          {agreement.text}
        </Typography>
      </Box>
      <Signatures id={id} signatures={agreement.signatures} />
      {agreement.waiting && (
        <Typography variant="body2" color="text.secondary">
          {agreement.invitation
            ? t('registration.review.invited', {
                email: agreement.invitation.email,
                date: formatDateTime(agreement.invitation.expiresAt, i18n.language, ''),
              })
            : t('registration.review.secondNotInvited')}
        </Typography>
      )}
      {agreement.previous && agreement.previous.signatures.length > 0 && (
        <Box component="details">
          <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
            {t('registration.review.previousVersion')}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', my: 1 }}>
            {agreement.previous.text}
          </Typography>
          <Signatures id={id} signatures={agreement.previous.signatures} />
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('registration.review.fingerprint', { hash: agreement.documentHash })}
      </Typography>
    </Stack>
  );
}

function Signatures({ id, signatures }: { id: number; signatures: AgreementSignature[] }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  if (signatures.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('registration.review.notSigned')}
      </Typography>
    );
  return (
    <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {signatures.map((s) => (
        <Stack
          component="li"
          key={s.id_registration_signature}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="body2">
            {t(`registration.review.signedBy_${s.role}`, {
              name: s.fullName,
              date: formatDateTime(s.signedAt, i18n.language, ''),
            })}
          </Typography>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            aria-label={t('registration.review.signedPdfOf', { name: s.fullName })}
            onClick={() =>
              void downloadFile(
                `/registration/applications/${id}/signatures/${s.id_registration_signature}/pdf`,
                `signed-${id}-${s.id_registration_signature}.pdf`,
              ).catch((error: Error) => enqueueSnackbar(error.message, { variant: 'error' }))
            }
          >
            {t('registration.review.signedPdf')}
          </Button>
        </Stack>
      ))}
    </Stack>
  );
}
