/*
 * What a compliance file may be (decision 0064): a PDF, a JPEG or a PNG, known by its first
 * bytes, never by its name or the type the browser claims, and at most MAX_FILE_BYTES.
 */

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const FILE_TYPES = {
  pdf: { contentType: "application/pdf", extension: "pdf" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  png: { contentType: "image/png", extension: "png" },
} as const;
export type FileType = keyof typeof FILE_TYPES;

const SIGNATURES: readonly { type: FileType; bytes: readonly number[] }[] = [
  // "%PDF-"
  { type: "pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: "jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The type the bytes begin as, or undefined for anything else. */
export function sniffFileType(head: Uint8Array): FileType | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte))?.type;
}

/**
 * The name a download is offered under: the holder's and document's words and the true
 * extension, never the uploader's file name (which may say anything).
 */
export function downloadName(words: string, type: FileType): string {
  const slug = words
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "document"}.${FILE_TYPES[type].extension}`;
}
