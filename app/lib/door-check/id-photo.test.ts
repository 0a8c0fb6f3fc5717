import { describe, expect, it } from "vitest";
import { ID_PHOTO_MAX_BYTES, ID_PHOTO_TEXT, idPhotoProblem } from "./id-photo";

const jpeg = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
};

describe("an uploaded ID photo", () => {
  it("is kept when it is a JPEG by its bytes, up to the cap", () => {
    expect(idPhotoProblem(jpeg(ID_PHOTO_MAX_BYTES))).toBeUndefined();
  });

  it("is refused over the cap", () => {
    expect(idPhotoProblem(jpeg(ID_PHOTO_MAX_BYTES + 1))).toBe(ID_PHOTO_TEXT.tooLarge);
  });

  it("is refused when its bytes are not a JPEG (a PNG, text, nothing)", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    expect(idPhotoProblem(png)).toBe(ID_PHOTO_TEXT.notJpeg);
    expect(idPhotoProblem(new TextEncoder().encode("<html>"))).toBe(ID_PHOTO_TEXT.notJpeg);
    expect(idPhotoProblem(new Uint8Array(0))).toBe(ID_PHOTO_TEXT.notJpeg);
  });
});
