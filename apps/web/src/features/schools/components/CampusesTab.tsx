import { useState } from 'react';
import { Button, Chip, Stack, TableCell, TableRow, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAbility } from '../../../lib/ability';
import { useCampuses, useCreateCampus } from '../api/schools';
import { PagedTable } from '../../../components/PagedTable';

/** The campuses of a school, and a new campus by name (its details are filled in on its own screen). */
export function CampusesTab({ id_school }: { id_school: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const campuses = useCampuses(id_school, true);
  const create = useCreateCampus();
  const [name, setName] = useState('');
  const add = async () => {
    try {
      const res = await create.mutateAsync({ id_school, name });
      enqueueSnackbar(res.message, { variant: 'success' });
      navigate(`/main/schools/school/${id_school}/campus/${res.data.id_campus}`);
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  return (
    <>
      {ability.can('create', 'school_campus') && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            size="small"
            label={t('schools.newCampus')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campus-name' } }}
          />
          <Button
            variant="contained"
            disabled={!name.trim() || create.isPending}
            onClick={() => void add()}
            data-testid="campus-create"
          >
            {t('schools.addCampus')}
          </Button>
        </Stack>
      )}
      <PagedTable
        testId="campuses-table"
        paper={false}
        head={[t('schools.fields.name'), t('schools.fields.email'), t('schools.fields.telephone'), t('users.status')]}
        rows={campuses.data?.data}
        renderRow={(c) => (
          <TableRow key={c.id_campus} hover>
            <TableCell>
              <RouterLink to={`/main/schools/school/${id_school}/campus/${c.id_campus}`}>{c.name}</RouterLink>
            </TableCell>
            <TableCell>{c.email}</TableCell>
            <TableCell>{c.telephone}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={c.active ? 'success' : 'default'}
                label={c.active ? t('users.active') : t('users.inactive')}
              />
            </TableCell>
          </TableRow>
        )}
      />
    </>
  );
}
