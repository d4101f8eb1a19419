/** The school period a lottery panel works on, as the enrollment settings hand it over. */
export type LotteryPeriodRef = { id_campus_year: number; id_campus: number; id_school_year: number; started: boolean };
