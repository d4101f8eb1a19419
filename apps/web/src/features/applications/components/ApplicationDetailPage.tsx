import { useEffect, useState } from 'react';
import { Alert, Button, Chip, Grid, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { holdsSeat } from '@openseat/shared/application-status';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import { useAbility } from '../../../lib/ability';
import { NotFound } from '../../../components/NotFound';
import { PageTitle } from '../../../components/PageTitle';
import { LoadingOverlay } from '../../../components/LoadingOverlay';
import { formatDate } from '../../../lib/dates';
import {
  useApplication,
  useDeleteApplication,
  useMarkRead,
  useMarkUnread,
  usePreviousStatus,
} from '../api/applications';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ApplicationFacts } from './ApplicationFacts';
import { Section } from './DetailSection';
import { EditInfoDialog } from './EditInfoDialog';
import { ErasureDialog } from './ErasureDialog';
import { GradePriorityDialog } from './GradePriorityDialog';
import { TransferSpotDialog } from './TransferSpotDialog';
import type { ListScreen } from '../lists';
import { MoveDialog, useOfferedMoves } from './MoveDialog';
import { FilesSection } from './FilesSection';
import { NotesSection } from './NotesSection';
import { ReadersSection } from './ReadersSection';
import { StatusHistory } from './StatusHistory';
import { StatusProgress } from './StatusProgress';
import { WaitingReasonInfo } from './WaitingReasonInfo';

/** One application (spec section 2): who, where it stands, its history, notes, files and tags. */
/** Sections other features fill (composed by the router): messages sent, form submissions. */
export type ApplicationDetailSlots = {
  renderCommunication: (id_application: number) => React.ReactNode;
  renderSubmissions: (id_application: number) => React.ReactNode;
  /** The family's export on request (docs/privacy.md): a button beside the application's actions. */
  renderFamilyExport?: (application: { id_application: number; correlative: number }) => React.ReactNode;
};

export default function ApplicationDetailPage({ screen, ...slots }: { screen: ListScreen } & ApplicationDetailSlots) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const application = useApplication(id);
  if (!Number.isInteger(id) || id <= 0 || application.isError) return <NotFound backTo={`/main/${screen.path}`} />;
  if (!application.data) return <LoadingOverlay />;
  return <Detail application={application.data} listPath={`/main/${screen.path}`} t={t} slots={slots} />;
}

type T = ReturnType<typeof useTranslation>['t'];

function Detail({
  application: a,
  listPath,
  t,
  slots,
}: {
  application: ApplicationDetail;
  listPath: string;
  t: T;
  slots: ApplicationDetailSlots;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);
  const [editingGrade, setEditingGrade] = useState(false);
  const [editingInfo, setEditingInfo] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [erasing, setErasing] = useState(false);
  const remove = useDeleteApplication();
  const markRead = useMarkRead();
  const markUnread = useMarkUnread();
  const previous = usePreviousStatus();
  const moves = useOfferedMoves(a);
  const readOnly = a.periodState === 'finalized';
  const notify = (p: Promise<{ message: string }>) =>
    p
      .then((r) => enqueueSnackbar(r.message, { variant: 'success' }))
      .catch((e: Error) => enqueueSnackbar(e.message, { variant: 'error' }));
  const { mutate: read } = markRead;
  // opening an unread application reads it
  useEffect(() => {
    if (!a.read) read(a.id_application);
  }, [a.id_application, a.read, read]);

  const name = `${a.applicant.firstName} ${a.applicant.lastName}`;
  return (
    <>
      <PageTitle>{`${name} · #${a.correlative}`}</PageTitle>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('applications.finalizedReadOnly')}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <Chip label={t(`statuses.${a.id_status}`)} color="primary" data-testid="application-status" />
        {a.waiting_list_position !== null && (
          <Chip label={t('applications.position', { position: a.waiting_list_position })} />
        )}
        {a.waitingReason && <WaitingReasonInfo reason={a.waitingReason} correlative={a.correlative} />}
        {a.lottery_number != null && (
          <Chip
            variant="outlined"
            label={t('waiting.lotteryNumberValue', { n: a.lottery_number, level: a.lottery_level ?? '' })}
            data-testid="application-lottery-number"
          />
        )}
        {a.offer_expires_at && (
          <Chip
            color="warning"
            variant="outlined"
            label={t('waiting.offerDeadlineValue', { date: formatDate(a.offer_expires_at, '') })}
            data-testid="application-offer-deadline"
          />
        )}
        {moves.length > 0 && (
          <Button variant="contained" onClick={() => setMoving(true)} data-testid="application-move">
            {t('applications.move')}
          </Button>
        )}
        {!readOnly && a.previousStatus !== null && ability.can('previous_status', 'application') && (
          <Button
            onClick={() => void notify(previous.mutateAsync(a.id_application))}
            disabled={previous.isPending}
            data-testid="application-previous"
          >
            {t('applications.previousStatus', { status: t(`statuses.${a.previousStatus}`) })}
          </Button>
        )}
        <Button
          onClick={() => void notify(markUnread.mutateAsync([a.id_application]))}
          disabled={markUnread.isPending}
          data-testid="application-unread"
        >
          {t('applications.markUnread')}
        </Button>
        {slots.renderFamilyExport?.(a)}
        {!readOnly && holdsSeat(a.id_status) && ability.can('transfer_spot', 'selected_list') && (
          <Button onClick={() => setTransferring(true)} data-testid="application-transfer-spot">
            {t('applications.transferSpot')}
          </Button>
        )}
        {!readOnly && ability.can('edit_info', 'application') && (
          <Button onClick={() => setEditingInfo(true)} data-testid="application-edit">
            {t('applications.editInfo')}
          </Button>
        )}
        {!readOnly && ability.can('save_details', 'application') && (
          <Button onClick={() => setEditingGrade(true)} data-testid="application-grade">
            {t('applications.gradeAndPriority')}
          </Button>
        )}
        {!readOnly && ability.can('delete', 'application') && (
          <Button color="error" onClick={() => setDeleting(true)} data-testid="application-delete">
            {t('applications.delete')}
          </Button>
        )}
        {ability.can('delete', 'application') && a.anonymisedAt === null && (
          <Button color="error" onClick={() => setErasing(true)} data-testid="application-erase">
            {t('applications.erasure.open')}
          </Button>
        )}
      </Stack>
      {a.anonymisedAt && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="application-anonymised">
          {t('applications.erasure.anonymisedNotice', { date: formatDate(a.anonymisedAt, '') })}
        </Alert>
      )}
      <StatusProgress id_status={a.id_status} t={t} />
      <ApplicationFacts application={a} listPath={listPath} t={t} />
      <StatusHistory application={a} t={t} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={t('applications.notes')}>
            <NotesSection application={a} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={t('applications.files')}>
            <FilesSection application={a} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={t('applications.communication')}>{slots.renderCommunication(a.id_application)}</Section>
        </Grid>
      </Grid>
      {slots.renderSubmissions(a.id_application)}
      {ability.can('access', 'audit_log') && (
        <Section title={t('applications.readers.title')}>
          <ReadersSection id_application={a.id_application} />
        </Section>
      )}
      {moving && <MoveDialog application={a} onClose={() => setMoving(false)} />}
      {transferring && <TransferSpotDialog application={a} onClose={() => setTransferring(false)} />}
      {editingInfo && <EditInfoDialog application={a} onClose={() => setEditingInfo(false)} />}
      {editingGrade && <GradePriorityDialog application={a} onClose={() => setEditingGrade(false)} />}
      {erasing && (
        <ErasureDialog
          id_application={a.id_application}
          lastName={a.applicant.lastName}
          onClose={() => setErasing(false)}
          onErased={() => setErasing(false)}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title={t('applications.delete')}
        consequence={t('applications.deleteConsequence', { name: `${a.applicant.firstName} ${a.applicant.lastName}` })}
        confirmLabel={t('applications.delete')}
        danger
        onConfirm={async () => {
          const res = await remove.mutateAsync(a.id_application);
          enqueueSnackbar(res.message, { variant: 'success' });
          navigate(listPath, { replace: true });
        }}
        onClose={() => setDeleting(false)}
      />
    </>
  );
}
