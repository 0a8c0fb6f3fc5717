import { data } from "react-router";
import { RuleError } from "../rule-error.server";

/** The work's result; a rule's "not found" (a RuleError 404) becomes the route's 404 with its sentence. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof RuleError && error.status === 404) {
      throw data(error.message, { status: 404 });
    }
    throw error;
  }
}
