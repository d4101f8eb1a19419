import { useEffect, useState } from 'react';
import { Alert, Button, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { spots as spotsRule } from '@openseat/shared/schemas/rules';
import { gradeSeatsProblem } from '@openseat/shared/enrollment-rules';
import type { ApiError } from '../../../lib/http';
import { message } from '../../../lib/i18n';
import { useSaveSeats, useSeats } from '../api/enrollment';

/** Seats per grade of a school period, checked here with the shared rules and again by the server. */
export function SeatsTable({
  id_campus_year,
  total,
  disabled,
}: {
  id_campus_year: number;
  total: number;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const seats = useSeats(id_campus_year);
  const save = useSaveSeats();
  const [values, setValues] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    setValues(Object.fromEntries((seats.data ?? []).map((s) => [s.id_campus_year_grade, String(s.spots)])));
  }, [seats.data]);
  const rows = seats.data ?? [];

  const onSave = async () => {
    const fieldErrors: Record<number, string> = {};
    for (const row of rows) {
      const parsed = spotsRule.safeParse(values[row.id_campus_year_grade]);
      if (!parsed.success) fieldErrors[row.id_campus_year_grade] = message(parsed.error.issues[0].message)!;
    }
    setErrors(fieldErrors);
    const problem = Object.keys(fieldErrors).length
      ? null
      : gradeSeatsProblem(
          total,
          rows.map((r) => Number(values[r.id_campus_year_grade])),
        );
    setFormError(problem ? message(problem)! : null);
    if (Object.keys(fieldErrors).length || problem) return;
    try {
      const res = await save.mutateAsync(
        rows.map((r) => ({ id_campus_year_grade: r.id_campus_year_grade, spots: values[r.id_campus_year_grade] })),
      );
      enqueueSnackbar(res.message, { variant: 'success' });
    } catch (error) {
      const e = error as ApiError;
      setErrors(
        Object.fromEntries(
          e.errors.map((fe) => [rows[Number(fe.path.split('.')[0])]?.id_campus_year_grade, fe.message]),
        ),
      );
      setFormError(e.message);
    }
  };

  const sum = rows.reduce((acc, r) => acc + (Number(values[r.id_campus_year_grade]) || 0), 0);
  return (
    <>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="seats-error">
          {formError}
        </Alert>
      )}
      {rows.length === 0 && <Alert severity="info">{t('periods.noGrades')}</Alert>}
      <Table size="small" data-testid="seats-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('periods.grade')}</TableCell>
            <TableCell>{t('periods.fields.spots')}</TableCell>
            <TableCell>{t('periods.taken')}</TableCell>
            <TableCell>{t('periods.available')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id_campus_year_grade}>
              <TableCell>{row.grade.name}</TableCell>
              <TableCell>
                <TextField
                  size="small"
                  disabled={disabled}
                  value={values[row.id_campus_year_grade] ?? ''}
                  onChange={(e) => setValues({ ...values, [row.id_campus_year_grade]: e.target.value })}
                  error={!!errors[row.id_campus_year_grade]}
                  helperText={errors[row.id_campus_year_grade]}
                  slotProps={{
                    htmlInput: {
                      'data-testid': `seats-${row.grade.name}`,
                      inputMode: 'numeric',
                      'aria-label': `${t('periods.fields.spots')}: ${row.grade.name}`,
                    },
                  }}
                />
              </TableCell>
              <TableCell>{row.taken}</TableCell>
              <TableCell>{row.available}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography sx={{ my: 1 }}>{t('periods.seatsSum', { sum, total })}</Typography>
      {!disabled && rows.length > 0 && (
        <Button variant="contained" onClick={() => void onSave()} disabled={save.isPending} data-testid="seats-save">
          {t('periods.saveSeats')}
        </Button>
      )}
    </>
  );
}
