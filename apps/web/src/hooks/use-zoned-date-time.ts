import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '../lib/dates';
import { useCampusOptions } from './lookups';
import { useWorkingContext } from './working-context';

/**
 * Formats moments in the time zone of a campus (the working one unless named), saying the zone: a draw, a
 * deadline or a move reads the same for everyone, wherever their browser is.
 */
export function useZonedDateTime(id_campus?: number | null) {
  const { i18n } = useTranslation();
  const context = useWorkingContext();
  const campuses = useCampusOptions();
  const wanted = id_campus ?? context.id_campus;
  const timeZone = campuses.data?.find((c) => c.id_campus === wanted)?.timeZone;
  return (value: string | Date | null | undefined, fallback: string) =>
    formatDateTimeIn(value, i18n.language, fallback, timeZone);
}
