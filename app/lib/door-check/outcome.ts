/*
 * Where a job's door check stands (issue 49, decision 0069). awaiting_statement: the locksmith
 * recorded the ID and the document, and the customer is to confirm the statement on their own
 * phone; checked: the statement is in, the quote may go ahead; refused: no proof, the job ended
 * unpaid.
 */
export const DOOR_CHECK_OUTCOMES = ["awaiting_statement", "checked", "refused"] as const;
export type DoorCheckOutcome = (typeof DOOR_CHECK_OUTCOMES)[number];
