import { useState } from 'react';
import { Avatar, IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSession } from '../../lib/client';
import { roleLabel } from '../../lib/i18n';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);
  const close = () => setAnchor(null);
  const signOut = async (everywhere: boolean) => {
    await logout(everywhere);
    navigate('/login', { replace: true });
  };
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        color="inherit"
        edge="end"
        data-testid="user-menu"
        aria-label={`${t('layout.accountMenu')}: ${user?.name ?? ''}`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={anchor !== null}
      >
        <Avatar sx={{ width: 32, height: 32, bgcolor: 'secondary.main' }}>{user?.name.slice(0, 1)}</Avatar>
      </IconButton>
      <Menu id="user-menu" anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem disabled>
          <ListItemText primary={user?.name} secondary={user?.role ? roleLabel(user.role.name) : null} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            navigate('/main/settings');
          }}
          data-testid="menu-settings"
        >
          {t('user.settings')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void signOut(false);
          }}
          data-testid="logout"
        >
          {t('user.logout')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setConfirmEverywhere(true);
          }}
          data-testid="logout-everywhere"
        >
          {t('user.logoutEverywhere')}
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirmEverywhere}
        title={t('user.logoutEverywhere')}
        consequence={t('user.logoutEverywhereConsequence')}
        confirmLabel={t('user.logoutEverywhere')}
        danger
        onConfirm={() => signOut(true)}
        onClose={() => setConfirmEverywhere(false)}
      />
    </>
  );
}
