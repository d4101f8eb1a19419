import { useState } from 'react';
import { Button, Card, CardContent, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { THEMES, type ThemeName } from '@openseat/shared/constants';
import { useSession } from '../../../lib/client';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { PALETTE_SWATCHES } from '../../../lib/theme';
import { PageTitle } from '../../../components/PageTitle';
import { saveTheme } from '../api/account';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { ProfileForm } from './ProfileForm';

/** Account settings: personal details, password, language and theme (spec section 2). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [changing, setChanging] = useState(false);
  if (!user) return null;
  return (
    <>
      <PageTitle>{t('menu.settings')}</PageTitle>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" gutterBottom>
                {t('settings.personal')}
              </Typography>
              <ProfileForm />
              <Button sx={{ mt: 2 }} onClick={() => setChanging(true)} data-testid="change-password">
                {t('settings.changePassword')}
              </Button>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" gutterBottom>
                {t('settings.themeSettings')}
              </Typography>
              <Stack spacing={2}>
                <TextField
                  select
                  label={t('user.theme')}
                  value={user.configuration.theme}
                  onChange={(e) => void saveTheme(e.target.value as ThemeName)}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'theme-select' } as object } }}
                >
                  {THEMES.map((name) => (
                    <MenuItem key={name} value={name} data-testid={`theme-${name}`}>
                      <span
                        style={{
                          display: 'inline-block',
                          width: 14,
                          height: 14,
                          borderRadius: 7,
                          background: PALETTE_SWATCHES[name].primary,
                          marginRight: 8,
                        }}
                      />
                      {t(`themes.${name}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <Stack direction="row" spacing={2} alignItems="center">
                  <Typography>{t('user.language')}</Typography>
                  <LanguageSwitch />
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
