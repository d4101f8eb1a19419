import { DEFAULT_TIME_ZONE, readinessProblems } from '@openseat/shared/enrollment-rules';
import { translate, type MessageKey } from '@openseat/shared/messages';
import type {
  CampusSchoolYearRow,
  CampusYearGradeRow,
  CampusYearRow,
  EnrollmentStatus,
} from '@openseat/shared/schemas/enrollment';
import type { PeriodRow, SchoolYearOfCampusRow, SeatRow } from './enrollment.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentPeriod(row: PeriodRow): CampusYearRow {
  const readiness = readinessProblems(row);
  return {
    id_campus_year: row.id_campus_year,
    id_school: row.id_school,
    id_campus: row.id_campus,
    campus: { id_campus: row.id_campus, name: row.campusName },
    id_school_year: row.id_school_year,
    school_year: {
      id_school_year: row.id_school_year,
      name: row.schoolYearName,
      year_one: row.year_one,
      year_two: row.year_two,
    },
    spots: row.spots,
    enrollment_start_date: row.enrollment_start_date,
    enrollment_end_date: row.enrollment_end_date,
    first_day_of_school: row.first_day_of_school,
    enrollment_acceptance_period: row.enrollment_acceptance_period,
    offer_deadline: {
      days: row.offer_deadline_days,
      fixedDate: row.offer_deadline_date,
      timeOfDay: row.offer_deadline_time,
      skipWeekends: row.offer_deadline_skip_weekends,
      holidays: row.offer_deadline_holidays,
      reminderHours: row.offer_reminder_hours,
    },
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
    enrollment_mode: row.enrollment_mode,
    auto_move_waiting_list_on_decline: row.auto_move_waiting_list_on_decline,
    sibling_priority: row.sibling_priority,
    state: row.state,
    ready_to_start: row.state === 'not_started' && readiness.length === 0,
    readiness,
    seats: { spots: Number(row.seatSpots), taken: Number(row.seatTaken) },
    startedAt: iso(row.startedAt),
    finalizedAt: iso(row.finalizedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const presentSeat = (row: SeatRow): CampusYearGradeRow => ({
  id_campus_year_grade: row.id_campus_year_grade,
  id_campus_year: row.id_campus_year,
  id_grade: row.id_grade,
  grade: { id_grade: row.id_grade, name: row.gradeName },
  spots: row.spots,
  taken: row.taken,
  available: row.spots - row.taken,
});

export const presentSchoolYear = (row: SchoolYearOfCampusRow): CampusSchoolYearRow => ({
  id_school_year: row.id_school_year,
  name: row.name,
  year_one: row.year_one,
  year_two: row.year_two,
  id_campus_year: row.id_campus_year,
  state: row.state,
});

/** The top bar's answer as the service decides it: the notice and its explanation as message keys. */
export type KeyedEnrollmentStatus = Omit<EnrollmentStatus, 'message' | 'help'> & {
  messageKey: MessageKey | null;
  helpKey: MessageKey | null;
};

export const presentEnrollmentStatus = (
  { acceptingApplications, reason, messageKey, helpKey, ...rest }: KeyedEnrollmentStatus,
  lng: string,
): EnrollmentStatus => ({
  acceptingApplications,
  reason,
  message: messageKey && translate(messageKey, lng),
  help: helpKey && translate(helpKey, lng),
  ...rest,
});
