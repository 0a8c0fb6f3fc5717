import { describe, expect, it } from "vitest";
import { downloadName, sniffFileType } from "./file-type";

const bytes = (...values: number[]) => new Uint8Array(values);

describe("a compliance file's type", () => {
  it("is known by its first bytes: PDF, JPEG, PNG", () => {
    expect(sniffFileType(new TextEncoder().encode("%PDF-1.7\n"))).toBe("pdf");
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("jpeg");
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
  });

  it("refuses anything else, whatever it is called: HTML, a script, a truncated header", () => {
    expect(sniffFileType(new TextEncoder().encode("<html><script>alert(1)</script>"))).toBe(
      undefined,
    );
    expect(sniffFileType(new TextEncoder().encode("%PDF"))).toBe(undefined);
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47))).toBe(undefined);
    expect(sniffFileType(bytes())).toBe(undefined);
  });

  it("is downloaded under our words and its true extension, never the uploader's name", () => {
    expect(downloadName("Ann Ray insurance", "pdf")).toBe("ann-ray-insurance.pdf");
    expect(downloadName('../../etc/passwd"; x', "png")).toBe("etc-passwd-x.png");
    expect(downloadName("", "jpeg")).toBe("document.jpg");
  });
});
