/*
 * A vehicle identification number (ISO 3779, 49 CFR 565): 17 characters of digits and
 * capital letters without I, O or Q, the 9th a check digit (North America): each character's
 * value (transliterated for letters) times its position's weight, summed, modulo 11, with 10
 * written X. Vehicles sold in North America since 1981 carry it, so a wrong check digit is a
 * misread VIN (or a made-up one).
 */

export const VIN_TEXT = {
  length: "A VIN has 17 characters: check it on the dashboard or the registration",
  letters: "A VIN never has the letters I, O or Q: check for 1 and 0",
  characters: "A VIN has only letters and digits",
  checkDigit: "This VIN's check digit (the 9th character) does not match: one character is misread",
} as const;

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Letter values of the transliteration table (I, O and Q have none). */
// prettier-ignore
const LETTER_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};

/** A VIN as typed: spaces and dashes dropped, capitals. */
export function normalizeVin(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}

function valueOf(character: string): number | undefined {
  if (/^\d$/.test(character)) return Number(character);
  return LETTER_VALUES[character];
}

/** The check digit a VIN's other 16 characters call for ("0"-"9" or "X"). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let index = 0; index < 17; index++) {
    sum += (valueOf(vin[index]!) ?? 0) * WEIGHTS[index]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/** Why a (normalized) VIN is not one, or undefined when it is. */
export function vinProblem(vin: string): string | undefined {
  if (vin.length !== 17) return VIN_TEXT.length;
  if (/[IOQ]/.test(vin)) return VIN_TEXT.letters;
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return VIN_TEXT.characters;
  if (vin[8] !== vinCheckDigit(vin)) return VIN_TEXT.checkDigit;
  return undefined;
}

/** The 10th character's model-year codes, 1980 onwards (49 CFR 565.15): no I, O, Q, U, Z or 0. */
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

/**
 * The model year a (valid) VIN gives, for the D1 form. The code repeats every 30 years; for
 * cars, light trucks and vans (the vehicles a locksmith opens) the 7th character tells the
 * cycle: a digit before 2010, a letter from 2010 (49 CFR 565.15(a)). Undefined for a code
 * that is no year.
 */
export function vinModelYear(vin: string): number | undefined {
  const code = YEAR_CODES.indexOf(vin[9] ?? "");
  if (code < 0) return undefined;
  return 1980 + code + (/[A-Z]/.test(vin[6] ?? "") ? 30 : 0);
}
