import { List, ListItemButton, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { useAbility } from '../../lib/ability';
import { useSession } from '../../lib/client';
import { MENU } from './menu';

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const { user } = useSession();
  const system = user?.id_context_type === CONTEXT_TYPE.SYSTEM && user.id_school === null;
  return (
    <List component="nav" data-testid="side-menu" dense>
      {MENU.filter((item) => ability.can(item.action ?? 'access', item.subject) && (!item.systemOnly || system)).map(
        (item) => (
          <ListItemButton
            key={item.to}
            component={NavLink}
            to={item.to}
            end
            onClick={onNavigate}
            sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
          >
            <ListItemText primary={t(item.labelKey)} />
          </ListItemButton>
        ),
      )}
    </List>
  );
}
