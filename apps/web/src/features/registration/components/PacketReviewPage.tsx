import { useState } from 'react';
import { Alert, Button, Chip, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { FamilyRegistrationItem, RegistrationState } from '@openseat/shared/schemas/registration';
import { NotFound } from '../../../components/NotFound';
import { PageTitle } from '../../../components/PageTitle';
import { isNotFound, routeId } from '../../../components/route-id';
import { useAbility } from '../../../lib/ability';
import { useReviewDecision, useStaffPacket } from '../api/review';
import { ItemPayload } from './ItemPayload';
import { ReturnDialog } from './ReturnDialog';

const STATE_COLOR: Record<RegistrationState, 'default' | 'info' | 'success' | 'warning'> = {
  to_do: 'default',
  submitted: 'info',
  approved: 'success',
  returned: 'warning',
};

/** What staff may decide on an item as it stands (the server checks the same: 409 otherwise). */
const mayApprove = (item: FamilyRegistrationItem) =>
  item.state === 'submitted' || (item.kind === 'deposit' && item.state !== 'approved');
const mayReturn = (item: FamilyRegistrationItem) => item.state === 'submitted' || item.state === 'approved';

/**
 * One application's registration packet for staff (issue 25): each item with its state and what the family sent,
 * Approve, and Return with a reason (confirmed). When the last required item is approved it says the application
 * can be enrolled, and links to it: the move stays the staff's (docs/registration.md).
 */
export default function PacketReviewPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const id = routeId(useParams().id);
  const [params] = useSearchParams();
  const period = params.get('period');
  const back = period ? `/main/registration-reviews?period=${period}` : '/main/registration-reviews';
  const packet = useStaffPacket(id);
  const decide = useReviewDecision();
  const [returning, setReturning] = useState<FamilyRegistrationItem | null>(null);
  const mayDecide = ability.can('move_to_enrolled', 'selected_list');

  if (id === null || isNotFound(packet.error)) return <NotFound backTo={back} />;
  const data = packet.data;
  const complete = data !== undefined && data.required > 0 && data.approved === data.required;

  const approve = async (item: FamilyRegistrationItem) => {
    try {
      const done = await decide.mutateAsync({
        id_application: id,
        id_registration_item: item.id_registration_item,
        decision: { decision: 'approve' },
      });
      enqueueSnackbar(done.message, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  const giveBack = async (reason: string) => {
    if (!returning) return;
    const done = await decide.mutateAsync({
      id_application: id,
      id_registration_item: returning.id_registration_item,
      decision: { decision: 'return', reason },
    });
    enqueueSnackbar(done.message, { variant: 'success' });
  };

  return (
    <>
      <PageTitle>{t('registration.review.packetTitle', { id })}</PageTitle>
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        <Link component={RouterLink} to={back} variant="body2">
          {t('registration.review.back')}
        </Link>
        {packet.error && <Alert severity="error">{packet.error.message}</Alert>}
        {packet.isLoading && <Skeleton variant="rectangular" height={160} aria-label={t('common.loading')} />}
        {data && data.items.length === 0 && <Alert severity="info">{t('registration.review.noItems')}</Alert>}
        {data && data.required > 0 && (
          <Typography data-testid="packet-progress">
            {t('registration.review.progress', { approved: data.approved, required: data.required })}
          </Typography>
        )}
        {complete && (
          <Alert
            severity="success"
            data-testid="packet-complete"
            action={
              <Button component={RouterLink} to={`/main/applications/selected-list/${id}`} color="inherit" size="small">
                {t('registration.review.openApplication')}
              </Button>
            }
          >
            {t('registration.review.complete')}
          </Alert>
        )}
        {data?.items.map((item) => {
          const heading = `packet-item-${item.id_registration_item}`;
          return (
            <Paper key={item.id_registration_item} component="section" aria-labelledby={heading} sx={{ p: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
                <Typography variant="h6" component="h2" id={heading} sx={{ fontSize: '1.05rem' }}>
                  {item.label}
                </Typography>
                <Chip size="small" label={t(`registration.kinds.${item.kind}`)} variant="outlined" />
                <Chip size="small" label={t(item.required ? 'registration.required' : 'registration.optional')} />
                <Chip
                  size="small"
                  color={STATE_COLOR[item.state]}
                  label={t(`registration.review.states.${item.state}`)}
                  data-testid={`state-${item.id_registration_item}`}
                />
              </Stack>
              {item.help && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {item.help}
                </Typography>
              )}
              {item.state === 'returned' && item.returnedReason && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {t('registration.review.returnedBecause', { reason: item.returnedReason })}
                </Alert>
              )}
              <ItemPayload id={id} item={item} />
              {mayDecide && (mayApprove(item) || mayReturn(item)) && (
                <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
                  {mayApprove(item) && (
                    <Button
                      variant="contained"
                      disabled={decide.isPending}
                      onClick={() => approve(item)}
                      aria-label={t(
                        item.kind === 'deposit'
                          ? 'registration.review.markReceivedItem'
                          : 'registration.review.approveItem',
                        { item: item.label },
                      )}
                    >
                      {t(item.kind === 'deposit' ? 'registration.review.markReceived' : 'registration.review.approve')}
                    </Button>
                  )}
                  {mayReturn(item) && (
                    <Button
                      variant="outlined"
                      color="error"
                      onClick={() => setReturning(item)}
                      aria-label={t('registration.review.returnItem', { item: item.label })}
                    >
                      {t('registration.review.return')}
                    </Button>
                  )}
                </Stack>
              )}
            </Paper>
          );
        })}
      </Stack>
      <ReturnDialog item={returning?.label ?? null} onReturn={giveBack} onClose={() => setReturning(null)} />
    </>
  );
}
