import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { landingPath, loginWithSchool, logout } from '../api/auth';
import { notify } from '../../../lib/notices';

/** A school maintainer chooses the school it works in (spec section 2). */
export function SchoolChoice({ schools }: { schools: Array<{ id_school: number; name: string }> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choose = async (id_school: number) => {
    try {
      const user = await loginWithSchool(id_school);
      navigate(landingPath(user) ?? '/login', { replace: true });
    } catch (error) {
      notify((error as Error).message, 'error');
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
