import { z } from "zod";

export const SIGNATURE_MESSAGE =
  "The signature did not arrive whole: ask the customer to sign again";

/** The largest signature image kept: a PNG data URL of at most this many characters. */
export const SIGNATURE_MAX_CHARS = 200_000;
const PNG_MAGIC = "iVBORw0KGgo"; // the PNG file signature, base64

/**
 * The customer's drawn signature: a PNG data URL, capped in size; empty when they typed
 * their name instead (the keyboard way).
 */
export const signatureDataUrl = z
  .string()
  .max(SIGNATURE_MAX_CHARS, SIGNATURE_MESSAGE)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, SIGNATURE_MESSAGE)
  .refine((value) => value.startsWith(`data:image/png;base64,${PNG_MAGIC}`), {
    message: SIGNATURE_MESSAGE,
  });
