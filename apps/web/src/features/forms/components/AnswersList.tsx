import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SubmissionRow } from '@openseat/shared/schemas/communication';

/** The answers of one delivery as "question: answer" lines, in the form's order. */
export function AnswersList({ answers }: { answers: SubmissionRow['answers'] }) {
  const { t } = useTranslation();
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
      {answers.map((a, i) => (
        <Box key={`${a.question}-${i}`} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {a.question}:
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {a.answer || t('forms.noAnswer')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
