import { useState } from 'react';
import { Button, FormControlLabel, Paper, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { IMPORT_DECISIONS, type ImportDecisionAction, type ImportDuplicate } from '@openseat/shared/schemas/imports';
import { ListPagination } from '../../../components/PagedTable';

const PAGE = 10;

/** A duplicate row's decision, by its row number in the file. */
export type Decisions = Record<number, ImportDecisionAction>;

/**
 * Step 4: each row that looks like a child already applied (in OpenSeat or earlier in the file), side by side, with
 * merge (fill the other's empty fields), keep both, or skip; one choice can be set for every pair at once.
 */
export function DuplicatePairs({
  duplicates,
  decisions,
  onDecide,
}: {
  duplicates: ImportDuplicate[];
  decisions: Decisions;
  onDecide: (decisions: Decisions) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const decideAll = (action: ImportDecisionAction) =>
    onDecide(Object.fromEntries(duplicates.map((d) => [d.row.rowNumber ?? 0, action])));
  return (
    <Stack spacing={2}>
      <Typography>{t('imports.duplicates.explanation')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} role="group" aria-label={t('imports.duplicates.all')}>
        {IMPORT_DECISIONS.map((action) => (
          <Button key={action} variant="outlined" size="small" onClick={() => decideAll(action)}>
            {t(`imports.duplicates.allAs.${action}`)}
          </Button>
        ))}
      </Stack>
      {duplicates.slice(page * PAGE, (page + 1) * PAGE).map((pair) => {
        const rowNumber = pair.row.rowNumber ?? 0;
        const title = t('imports.duplicates.pair', { row: rowNumber });
        return (
          <Paper key={rowNumber} variant="outlined" component="section" aria-label={title} sx={{ p: 1.5 }}>
            <Typography sx={{ fontWeight: 500, mb: 1 }}>
              {title} · {t(`imports.duplicates.reason.${pair.reason}`)}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Party title={t('imports.duplicates.inFile', { row: rowNumber })} party={pair.row} />
              <Party
                title={
                  pair.other.id_application !== null
                    ? t('imports.duplicates.inOpenSeat', { number: pair.other.correlative })
                    : t('imports.duplicates.earlierRow', { row: pair.other.rowNumber })
                }
                party={pair.other}
              />
            </Stack>
            <RadioGroup
              row
              aria-label={t('imports.duplicates.decision', { row: rowNumber })}
              value={decisions[rowNumber] ?? ''}
              onChange={(event) => onDecide({ ...decisions, [rowNumber]: event.target.value as ImportDecisionAction })}
            >
              {IMPORT_DECISIONS.map((action) => (
                <FormControlLabel
                  key={action}
                  value={action}
                  control={<Radio />}
                  label={t(`imports.duplicates.action.${action}`)}
                />
              ))}
            </RadioGroup>
          </Paper>
        );
      })}
      {duplicates.length > PAGE && (
        <ListPagination paging={{ page, pageSize: PAGE, total: duplicates.length, onPageChange: setPage }} />
      )}
    </Stack>
  );
}

/** One side of a pair: the child and the guardian's contact. */
function Party({ title, party }: { title: string; party: ImportDuplicate['row'] }) {
  const { t } = useTranslation();
  const facts: Array<[string, string | null]> = [
    [t('imports.duplicates.child'), `${party.firstName} ${party.lastName}`.trim()],
    [t('imports.fields.studentDateOfBirth'), party.dateOfBirth],
    [t('imports.fields.guardianName'), party.guardianName],
    [t('imports.fields.guardianEmail'), party.guardianEmail],
    [t('imports.fields.guardianPhone'), party.guardianPhoneNumber],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 1, flex: 1, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      <Stack component="dl" sx={{ m: 0 }}>
        {facts.map(([label, value]) => (
          <Stack key={label} direction="row" spacing={1} sx={{ overflowWrap: 'anywhere' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}:
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value || '—'}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
