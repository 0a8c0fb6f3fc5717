import { sniffFileType } from "../compliance/file-type";

/*
 * The redacted photo of an ID (decision 0077): kept only when an owner turns it on, drawn on
 * the locksmith's phone at most ID_PHOTO_MAX_SIDE pixels on its long side, the ID number, date
 * of birth and address covered with black boxes, and sent as a JPEG of at most
 * ID_PHOTO_MAX_BYTES. The server knows it by its bytes, never by its name or claimed type.
 */

export const ID_PHOTO_MAX_SIDE = 1280;
export const ID_PHOTO_MAX_BYTES = 1_500_000;

export const ID_PHOTO_TEXT = {
  settingLabel: "Keep a redacted photo of the ID",
  settingHint:
    "The locksmith may add a photo of the ID with its number, date of birth and address blacked out on their phone; it is kept with the record, only owners can open it, and it is purged with the record.",
  settingOffKeeps:
    "Turning this off stops new photos; photos already kept stay with their records until those are purged.",
  noKey:
    "Photos cannot be kept: ID_PHOTO_ENCRYPTION_KEY is not set on the server, so they could not be sealed.",
  off: "This business does not keep ID photos: record the check without one",
  tooLarge: "The photo is larger than 1.5 MB: take it again, a little further away",
  notJpeg: "The photo did not arrive as a JPEG image: take it again",
  noPhoto: "No photo of the ID is kept for this record",
  gone: "The photo of the ID is not in the file store any more",
} as const;

/** What is wrong with an uploaded photo's bytes, or undefined when it may be kept. */
export function idPhotoProblem(bytes: Uint8Array): string | undefined {
  if (bytes.byteLength > ID_PHOTO_MAX_BYTES) return ID_PHOTO_TEXT.tooLarge;
  if (sniffFileType(bytes.subarray(0, 16)) !== "jpeg") return ID_PHOTO_TEXT.notJpeg;
  return undefined;
}
