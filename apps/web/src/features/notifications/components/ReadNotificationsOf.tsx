import { useReadNotificationsOf } from '../api/notifications';

/** Rendered on an application's page: opening it reads the caller's notifications about it (spec section 4). */
export default function ReadNotificationsOf({ id_application }: { id_application: number }) {
  useReadNotificationsOf(id_application);
  return null;
}
