import { MOVEMENT_TYPE, statusName } from '@openseat/shared/application-status';
import type { ApplicationDetail, ApplicationRow, StatusHistoryRow } from '@openseat/shared/schemas/applications';
import type { DetailRow, HistoryRow, ListedApplication } from './applications.repository';
import type * as repo from './applications.repository';
import { offerExpiresAt, waitingReasonOf } from '../waiting-list/waiting-list.service';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
export const statusRef = (id_status: number) => ({ id_status, name: statusName(id_status) });

export function presentRow(row: ListedApplication): ApplicationRow {
  const last = row.lastMove;
  return {
    id_application: row.id_application,
    correlative: row.correlative,
    createdAt: iso(row.createdAt),
    id_campus: row.id_campus,
    campus: { id_campus: row.id_campus, name: row.campusName },
    id_school_year: row.id_school_year,
    id_campus_year: row.id_campus_year,
    applicant: {
      id_applicant: row.id_applicant,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phoneNumber: row.phoneNumber,
      guardianName: row.guardianName,
      guardianEmail: row.guardianEmail,
      guardianPhoneNumber: row.guardianPhoneNumber,
    },
    applicantName: `${row.firstName} ${row.lastName}`,
    email: row.email ?? row.guardianEmail,
    phoneNumber: row.phoneNumber ?? row.guardianPhoneNumber,
    id_grade: row.id_grade,
    grade:
      row.id_grade === null || row.gradeName === null
        ? null
        : { id_grade: row.id_grade, name: row.gradeName, age: row.gradeAge ?? 0 },
    id_priority_item: row.id_priority_item,
    id_status: row.id_status,
    status: statusRef(row.id_status),
    waiting_list_position: row.waiting_list_position,
    lottery_number: row.lottery_number,
    lottery_level: row.lottery_level,
    offer_expires_at: offerExpiresAt(row.offer_expires_at),
    waitingReason: waitingReasonOf(row),
    read: row.read,
    lastMove: last
      ? {
          from: last.id_status_from === null ? null : statusRef(last.id_status_from),
          to: statusRef(last.id_status),
          id_user: last.id_user,
          createdAt: iso(last.createdAt),
        }
      : null,
    tags: row.tags,
  };
}

export function presentHistory(row: HistoryRow): StatusHistoryRow {
  return {
    id_application_status: row.id_application_status,
    id_status: row.id_status,
    status: statusRef(row.id_status),
    id_status_from: row.id_status_from,
    statusFrom: row.id_status_from === null ? null : statusRef(row.id_status_from),
    waiting_list_position: row.waiting_list_position,
    read: row.read,
    statusMovementType: { id_status_movement_type: row.id_status_movement_type, name: row.movementName },
    author: row.id_user === null ? null : { id_user: row.id_user, name: row.userName ?? '' },
    createdAt: iso(row.createdAt),
  };
}

type DetailParts = {
  row: DetailRow;
  history: HistoryRow[];
  notes: Awaited<ReturnType<typeof repo.notesOf>>;
  files: Awaited<ReturnType<typeof repo.filesOf>>;
  previousStatus: number | null;
  allowedStatuses: number[];
  siblings: ApplicationDetail['siblings'];
};

export function presentDetail(parts: DetailParts) {
  const { row, history, notes, files, previousStatus, allowedStatuses, siblings } = parts;
  const { application: app, applicant: person } = row;
  const detail: ApplicationDetail = {
    id_application: app.id_application,
    correlative: app.correlative,
    createdAt: iso(app.createdAt),
    updatedAt: iso(app.updatedAt),
    anonymisedAt: app.anonymisedAt ? iso(app.anonymisedAt) : null,
    applicant: {
      id_applicant: person.id_applicant,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phoneNumber: person.phoneNumber,
      dateOfBirth: person.dateOfBirth,
      address: person.address,
      addressStreet: person.addressStreet,
      addressCity: person.addressCity,
      addressState: person.addressState,
      addressZip: person.addressZip,
      gender: person.gender,
      ethnicity: person.ethnicity,
      actualSchool: person.actualSchool,
      sisterSchool: person.sisterSchool,
      id_guardian_type: person.id_guardian_type,
      guardianType: row.guardianTypeName === null ? null : { name: row.guardianTypeName },
      guardianName: person.guardianName,
      guardianEmail: person.guardianEmail,
      guardianPhoneNumber: person.guardianPhoneNumber,
      guardianAddress: person.guardianAddress,
      guardianOccupation: person.guardianOccupation,
      guardianDateOfBirth: person.guardianDateOfBirth,
      guardianLanguage: person.guardianLanguage,
    },
    id_grade: app.id_grade,
    grade:
      row.grade?.id_grade == null ? null : { id_grade: row.grade.id_grade, name: row.grade.name, age: row.grade.age },
    id_priority_item: app.id_priority_item,
    priority_item:
      row.priorityName === null ? null : { name: row.priorityName, campuses: [{ priority_level: row.priorityLevel }] },
    id_status: app.id_status,
    status: statusRef(app.id_status),
    statuses: history.map(presentHistory),
    lastDeletedStatus: history
      .filter((h) => h.id_status_movement_type === MOVEMENT_TYPE.PREVIOUS_STATUS && h.id_status_from !== null)
      .map((h) => ({ id_status: h.id_status_from as number, createdAt: iso(h.createdAt) })),
    previousStatus,
    allowedStatuses,
    waiting_list_position: app.waiting_list_position,
    lottery_number: app.lottery_number,
    lottery_level: app.lottery_level,
    offer_expires_at: offerExpiresAt(app.offer_expires_at),
    waitingReason: waitingReasonOf({ ...row.facts, id_status: app.id_status, createdAt: app.createdAt }),
    siblings,
    read: app.read,
    id_campus: app.id_campus,
    campuses: [
      {
        campus: {
          id_campus: app.id_campus,
          name: row.campusName,
          school: { id_school: app.id_school, name: row.schoolName },
        },
      },
    ],
    id_school_year: app.id_school_year,
    school_year: row.schoolYear,
    id_campus_year: app.id_campus_year,
    periodState: row.periodState,
    applicationTag: row.tags.map((t) => ({ id_tag: t.id_tag, tag: { id_tag: t.id_tag, name: t.name } })),
    applicationFiles: files.map((f) => ({ ...f, createdAt: iso(f.createdAt) })),
    notes: notes.map((n) => ({
      id_application_note: n.id_application_note,
      note: n.note,
      author: n.id_user === null ? null : { id_user: n.id_user, name: n.userName ?? '' },
      createdAt: iso(n.createdAt),
    })),
    event_date: isoOrNull(app.event_date),
    event_preference: app.event_preference,
    sibling_priority: app.sibling_priority,
    copiedFrom: app.copiedFrom,
    campaign_id: app.campaign_id,
    ad_id: app.ad_id,
    platform: app.platform,
    heard_from: app.heard_from,
    origin: app.origin,
  };
  return detail;
}
