import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Grid,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PROGRESS_STEPS } from '@openseat/shared/application-status';
import { holdsSeat, isStatusId } from '@openseat/shared/application-status';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import { useAbility } from '../../../lib/client';
import { NotFound } from '../../../components/NotFound';
import { PageTitle } from '../../../components/PageTitle';
import { LoadingOverlay } from '../../../components/LoadingOverlay';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useZonedDateTime } from '../../../hooks/use-zoned-date-time';
import { currentLanguage } from '../../../lib/i18n';
import {
  useApplication,
  useDeleteApplication,
  useMarkRead,
  useMarkUnread,
  usePreviousStatus,
} from '../api/applications';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EditInfoDialog } from './EditInfoDialog';
import { GradePriorityDialog } from './GradePriorityDialog';
import { TransferSpotDialog } from './TransferSpotDialog';
import type { ListScreen } from '../lists';
import { MoveDialog, useOfferedMoves } from './MoveDialog';
import { FilesSection } from './FilesSection';
import { NotesSection } from './NotesSection';
import { TagsSection } from './TagsSection';
import { WaitingReasonInfo } from './WaitingReasonInfo';

/** One application (spec section 2): who, where it stands, its history, notes, files and tags. */
/** Sections other features fill (composed by the router): messages sent, form submissions. */
export type ApplicationDetailSlots = {
  renderCommunication: (id_application: number) => React.ReactNode;
  renderSubmissions: (id_application: number) => React.ReactNode;
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
  const field = (label: string, value: string | null | undefined, empty = t('intake.notGiven')) => (
    <ListItem disableGutters sx={{ py: 0.25 }}>
      <ListItemText primary={value || empty} secondary={label} />
    </ListItem>
  );
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
      </Stack>
      <Progress id_status={a.id_status} t={t} />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={t('applications.studentInfo')}>
            <List dense>
              {field(t('applications.applicant'), name)}
              {field(t('applications.dateOfBirth'), formatDate(a.applicant.dateOfBirth, t('common.noDate')))}
              {field(t('applications.grade'), a.grade?.name, t('common.notSelected'))}
              {field(t('applications.email'), a.applicant.email)}
              {field(t('applications.phone'), a.applicant.phoneNumber)}
              {field(t('applications.address'), a.applicant.address)}
              {field(t('applications.currentSchool'), a.applicant.actualSchool)}
              {field(t('applications.priority'), a.priority_item?.name, t('common.notSelected'))}
            </List>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={t('applications.guardianInfo')}>
            <List dense>
              {field(t('applications.guardianName'), a.applicant.guardianName)}
              {field(
                t('applications.guardianType'),
                a.applicant.guardianType &&
                  t(`intake.guardianTypes.${a.applicant.guardianType.name}`, {
                    defaultValue: a.applicant.guardianType.name,
                  }),
                t('common.notSelected'),
              )}
              {field(t('applications.email'), a.applicant.guardianEmail)}
              {field(t('applications.phone'), a.applicant.guardianPhoneNumber)}
              {field(t('applications.address'), a.applicant.guardianAddress)}
              {field(t('applications.occupation'), a.applicant.guardianOccupation)}
              {field(
                t('messaging.guardianLanguage'),
                a.applicant.guardianLanguage === 'es' ? t('messaging.spanish') : t('messaging.english'),
              )}
            </List>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={t('applications.eventInfo')}>
            <List dense>
              {field(t('applications.eventDate'), formatDateTime(a.event_date, currentLanguage(), t('common.noDate')))}
              {field(t('applications.eventPreference'), a.event_preference)}
              {field(
                t('intake.heardFrom'),
                a.heard_from && t(`intake.heard.${a.heard_from}`, { defaultValue: a.heard_from }),
              )}
              {field(t('applications.campus'), a.campuses[0]?.campus.name)}
              {field(t('applications.schoolYear'), a.school_year.name)}
            </List>
          </Section>
          <Section title={t('applications.tags')}>
            <TagsSection application={a} />
          </Section>
          {a.siblings.length > 0 && (
            <Section title={t('waiting.siblings')}>
              <List dense data-testid="application-siblings">
                {a.siblings.map((s) => (
                  <ListItem key={s.id_application} disableGutters>
                    <ListItemText
                      primary={
                        <Link component={RouterLink} to={`${listPath}/${s.id_application}`}>
                          {`#${s.correlative} ${s.applicantName}`}
                        </Link>
                      }
                      secondary={`${s.grade ?? t('common.notSelected')} · ${t(`statuses.${s.id_status}`)}`}
                    />
                  </ListItem>
                ))}
              </List>
            </Section>
          )}
        </Grid>
      </Grid>
      <History application={a} t={t} />
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
      {moving && <MoveDialog application={a} onClose={() => setMoving(false)} />}
      {transferring && <TransferSpotDialog application={a} onClose={() => setTransferring(false)} />}
      {editingInfo && <EditInfoDialog application={a} onClose={() => setEditingInfo(false)} />}
      {editingGrade && <GradePriorityDialog application={a} onClose={() => setEditingGrade(false)} />}
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

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The steps of spec section 4 for the current status. */
function Progress({ id_status, t }: { id_status: number; t: T }) {
  if (!isStatusId(id_status)) return null;
  const { steps, current } = PROGRESS_STEPS[id_status];
  return (
    <Paper sx={{ p: 2, mb: 2, overflowX: 'auto' }}>
      <Stepper activeStep={current} alternativeLabel aria-label={t('applications.progress')}>
        {steps.map((step) => (
          <Step key={step} completed={steps.indexOf(step) < current}>
            <StepLabel>{t(`statuses.${step}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </Paper>
  );
}

/** Who made a history row without a user: the way the application came in (its first row), else 'Unknown'. */
const byWhat = (origin: string | null, t: T) =>
  origin ? t(`intake.origins.${origin}`, { defaultValue: t('common.unknown') }) : t('common.unknown');

function History({ application, t }: { application: ApplicationDetail; t: T }) {
  const moment = useZonedDateTime(application.id_campus);
  return (
    <Section title={t('applications.statusHistory')}>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="status-history">
          <TableHead>
            <TableRow>
              <TableCell>{t('applications.date')}</TableCell>
              <TableCell>{t('applications.movement')}</TableCell>
              <TableCell>{t('applications.by')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {application.statuses.map((s) => (
              <TableRow key={s.id_application_status}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{moment(s.createdAt, t('common.noDate'))}</TableCell>
                <TableCell>
                  {s.statusFrom
                    ? t('applications.movedFromTo', {
                        from: t(`statuses.${s.statusFrom.id_status}`),
                        to: t(`statuses.${s.id_status}`),
                      })
                    : t(`statuses.${s.id_status}`)}
                </TableCell>
                <TableCell>{s.author?.name ?? byWhat(s.statusFrom === null ? application.origin : null, t)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}
