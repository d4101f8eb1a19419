/** The campus's scoped reference and its lock: the shared queries of db/campus-ref.ts. */
export { findCampusRef, lockCampus } from '../../db/campus-ref';
