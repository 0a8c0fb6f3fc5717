import { storablePhone } from "../phone-parse";
import {
  EDITABLE_LEAD_FIELDS,
  type EditableLeadField,
  type LeadFieldValues,
} from "./lead-edit-fields";

/*
 * Saving a lead that someone else changed meanwhile: each save carries the fields as they
 * were when its form was shown, and only the fields its author changed are written. Two
 * operators editing different fields both keep their change; on the same field the later
 * save wins. Compared as stored (trimmed text, empty as null).
 */

const stored = (value: string | null | undefined) => value?.trim() || null;

/** A phone as stored, so "(773) 555-0100" shown and "+17735550100" stored are the same. */
const storedAs = (field: EditableLeadField, value: string | null | undefined) => {
  const text = stored(value);
  return field === "phone" && text ? (storablePhone(text) ?? text) : text;
};

/**
 * The fields this save changes: typed differently from what the form was shown with.
 * `was` holds the form's starting values as sent back (missing: the field is compared with
 * what is stored now, for a form that did not send them).
 */
export function changedLeadFields(
  was: Partial<Record<EditableLeadField, string | undefined>>,
  typed: LeadFieldValues,
  current: LeadFieldValues,
): Partial<LeadFieldValues> {
  const changes: Partial<LeadFieldValues> = {};
  for (const field of EDITABLE_LEAD_FIELDS) {
    const before = storedAs(field, field in was ? was[field] : current[field]);
    const after = storedAs(field, typed[field]);
    if (after !== before) changes[field] = after;
  }
  return changes;
}
