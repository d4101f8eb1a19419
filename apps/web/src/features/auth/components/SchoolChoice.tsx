import { Button, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { landingPath, loginWithSchool, logout } from '../api/auth';

/** A school maintainer chooses the school it works in (spec section 2). */
export function SchoolChoice({ schools }: { schools: Array<{ id_school: number; name: string }> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const choose = async (id_school: number) => {
    try {
      const user = await loginWithSchool(id_school);
      navigate(landingPath(user) ?? '/login', { replace: true });
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6">{t('login.chooseSchool')}</Typography>
      {schools.map((s) => (
        <Button
          key={s.id_school}
          variant="outlined"
          onClick={() => choose(s.id_school)}
          data-testid={`school-choice-${s.id_school}`}
        >
          {s.name}
        </Button>
      ))}
      <Button onClick={() => void logout()}>{t('login.back')}</Button>
    </Stack>
  );
}
