import { useState } from 'react';
import { Avatar, IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/auth';
import { useSession } from '../client';
import { roleLabel } from '../i18n';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
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
          onClick={async () => {
            close();
            await logout();
            navigate('/login', { replace: true });
          }}
          data-testid="logout"
        >
          {t('user.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
