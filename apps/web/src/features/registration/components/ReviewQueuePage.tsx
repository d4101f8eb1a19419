import {
  Alert,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  TablePagination,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { routeId } from '../../../components/route-id';
import { useWorkingContext } from '../../../hooks/working-context';
import { formatDateTime } from '../../../lib/dates';
import { useReviewQueue } from '../api/review';

const PAGE_SIZES = [10, 25, 50];

/**
 * The staff's registration review queue (issue 25): for a campus's school period (the `period` in the address, else
 * the working context's), what families sent and wait for a decision, oldest first, a server page at a time. One
 * line per item, readable at 390 px; each opens the application's packet.
 */
export default function ReviewQueuePage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const context = useWorkingContext();
  const contextPeriod = context.years.find((y) => y.id_school_year === context.id_school_year) ?? null;
  const id_campus_year = routeId(params.get('period') ?? undefined) ?? contextPeriod?.id_campus_year ?? null;
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const pageSize = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 25;
  const queue = useReviewQueue(id_campus_year, page, pageSize);
  const change = (next: Record<string, number>) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (id_campus_year !== null) out.set('period', String(id_campus_year));
      for (const [k, v] of Object.entries(next)) out.set(k, String(v));
      return out;
    });
  const rows = queue.data?.data ?? [];

  return (
    <>
      <PageTitle>{t('registration.review.title')}</PageTitle>
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        <Typography variant="body2" color="text.secondary">
          {t('registration.review.explanation')}
        </Typography>
        {id_campus_year === null && <Alert severity="info">{t('registration.review.noPeriod')}</Alert>}
        {queue.error && <Alert severity="error">{queue.error.message}</Alert>}
        {queue.isLoading && <Skeleton variant="rectangular" height={120} aria-label={t('common.loading')} />}
        {queue.data && (
          <Paper>
            <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }} id="review-queue-heading">
              {t('registration.review.waiting')} ({queue.data.total})
            </Typography>
            {rows.length === 0 ? (
              <Typography sx={{ p: 2 }} data-testid="review-queue-empty">
                {t('registration.review.empty')}
              </Typography>
            ) : (
              <List aria-labelledby="review-queue-heading" data-testid="review-queue">
                {rows.map((row) => (
                  <ListItem key={`${row.id_application}-${row.id_registration_item}`} disablePadding divider>
                    <ListItemButton
                      component={RouterLink}
                      to={`applications/${row.id_application}?period=${id_campus_year}`}
                    >
                      <ListItemText
                        primary={
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                            <span>{row.applicant}</span>
                            {row.grade && <Chip size="small" label={row.grade} />}
                          </Stack>
                        }
                        secondary={`${row.item} · ${t(`registration.kinds.${row.kind}`)} · ${t(
                          'registration.review.sentOn',
                          {
                            date: formatDateTime(row.submittedAt, i18n.language, ''),
                          },
                        )}`}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
            <TablePagination
              component="div"
              count={queue.data.total}
              page={page}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_e, next) => change({ page: next })}
              onRowsPerPageChange={(e) => change({ page: 0, size: Number(e.target.value) })}
            />
          </Paper>
        )}
      </Stack>
    </>
  );
}
