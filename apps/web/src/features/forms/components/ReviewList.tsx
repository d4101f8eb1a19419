import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/PagedTable';
import { usePaging } from '../../../hooks/use-paging';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/dates';
import { useReviewSubmissions } from '../api/forms';
import { AnswersList } from './AnswersList';

const PAGE_SIZE = 10;

/** Deliveries no application matched: the reason and the answers, so staff can act on them by hand. */
export function ReviewList({ id_campus }: { id_campus: number }) {
  const { t } = useTranslation();
  const { page, paging, exactTotal } = usePaging(PAGE_SIZE);
  const review = useReviewSubmissions(id_campus, page, PAGE_SIZE, exactTotal);
  const rows = review.data?.data ?? [];
  return (
    <section aria-labelledby="forms-review-title">
      <Typography id="forms-review-title" variant="h6" component="h2" sx={{ mt: 4 }}>
        {t('forms.review')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('forms.reviewHelp')}
      </Typography>
      {review.data && rows.length === 0 && <Typography variant="body2">{t('forms.reviewEmpty')}</Typography>}
      <Stack spacing={1} data-testid="forms-review">
        {rows.map((row) => (
          <Paper key={row.id_form_submission} variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle2">
              {row.form_name ?? t('forms.unknownForm')} ·{' '}
              {t('forms.receivedAt', { date: formatDateTime(row.createdAt, currentLanguage(), '') })}
            </Typography>
            {row.error && (
              <Alert severity="warning" sx={{ my: 1 }}>
                {t('forms.reason')}: {row.error}
              </Alert>
            )}
            <AnswersList answers={row.answers} />
          </Paper>
        ))}
      </Stack>
      {(review.data?.total ?? 0) > PAGE_SIZE && (
        <ListPagination paging={paging(review.data?.total, review.data?.totalExact)} />
      )}
    </section>
  );
}
