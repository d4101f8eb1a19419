/**
 * Query keys that more than one feature reads or refreshes. Features do not import each other, so a key that one
 * feature invalidates for another, or a cache entry two features share, lives here; each feature's api/ file
 * builds its own keys on these roots.
 */

export const applicationKeys = {
  /** Every application list, detail and log: a status move, a draw or a message refreshes all of them. */
  all: ['applications'] as const,
  /** The messages of applications, under `all`: a move (which may queue messages) refreshes them too. */
  communication: ['applications', 'communication'] as const,
  communicationPage: (id_application: number, page: number) =>
    ['applications', 'communication', id_application, page] as const,
};

export const periodKeys = {
  /** Every school period and its seats: a draw takes seats, so the lottery refreshes them. */
  all: ['periods'] as const,
  /** One school period: the enrollment settings and the lottery screens share this entry. */
  one: (id_campus_year: number) => ['periods', id_campus_year] as const,
};

export const contextKeys = {
  /** The working context (school years and enrollment status of a campus): a period change refreshes it. */
  all: ['context'] as const,
  years: (id_campus: number | null) => ['context', 'years', id_campus] as const,
  status: (id_campus: number | null, id_school_year: number | null) =>
    ['context', 'status', id_campus, id_school_year] as const,
};
