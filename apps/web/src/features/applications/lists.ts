import { LIST_TYPE } from '@openseat/shared/constants';
import type { ApplicationListType } from '@openseat/shared/application-status';
import type { Subject } from '@openseat/shared/permissions';

/** The list screens of spec section 2: where each lives, its list type, the permission that opens it, its title. */
export type ListScreen = { path: string; type: ApplicationListType; subject: Subject; titleKey: string };

export const LIST_SCREENS: readonly ListScreen[] = [
  { path: 'applications', type: LIST_TYPE.INBOX, subject: 'applications', titleKey: 'menu.applications' },
  {
    path: 'applications/selected-list',
    type: LIST_TYPE.SELECTED_LIST,
    subject: 'selected_list',
    titleKey: 'menu.selectedList',
  },
  {
    path: 'applications/waiting-list',
    type: LIST_TYPE.WAITING_LIST,
    subject: 'waiting_list',
    titleKey: 'menu.waitingList',
  },
  {
    path: 'applications/declined-list',
    type: LIST_TYPE.DECLINED,
    subject: 'declined_list',
    titleKey: 'menu.declinedList',
  },
  {
    path: 'applications/denied-applications',
    type: LIST_TYPE.DENIED,
    subject: 'denied_applications',
    titleKey: 'menu.deniedApplications',
  },
  { path: 'historical', type: LIST_TYPE.HISTORICAL, subject: 'historical', titleKey: 'menu.historical' },
  {
    path: 'school-applications',
    type: LIST_TYPE.SCHOOL_APPS,
    subject: 'school_applications',
    titleKey: 'menu.schoolApplications',
  },
];
