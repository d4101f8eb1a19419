/** A status move, as MoveSession.flush hands it to the messages and the notifications, in the move's own transaction. */
export type MovedApplication = { id_application: number; id_campus: number; from: number; to: number };
