import { describe, expect, it } from "vitest";
import { cleanFileName, sniffContentType } from "./storage";

const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);
const ascii = (s: string) => new Uint8Array([...new TextEncoder().encode(s), ...new Array(16).fill(0)]);

describe("file content checks", () => {
  it("recognises PDF, JPEG, PNG, WebP and HEIC by their first bytes", () => {
    expect(sniffContentType(ascii("%PDF-1.7"))).toBe("application/pdf");
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(sniffContentType(ascii("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffContentType(ascii("\0\0\0\x18ftypheic"))).toBe("image/heic");
  });

  it("refuses anything else, whatever its name says", () => {
    expect(sniffContentType(ascii("<html><script>"))).toBeNull();
    expect(sniffContentType(ascii("MZ executable"))).toBeNull();
    expect(sniffContentType(new Uint8Array())).toBeNull();
  });

  it("keeps a safe display name: no path, no control characters, an extension", () => {
    expect(cleanFileName("../../etc/passwd", "application/pdf")).toBe("passwd.pdf");
    expect(cleanFileName("bol\u0000\u0007 scan?.jpg", "image/jpeg")).toBe("bol__ scan_.jpg");
    expect(cleanFileName("", "image/png")).toBe("file.png");
    expect(cleanFileName(`${"x".repeat(300)}.pdf`, "application/pdf").length).toBeLessThanOrEqual(120 + 4);
  });

  it("gives the name an extension that matches the detected type", () => {
    expect(cleanFileName("bol.html", "application/pdf")).toBe("bol.pdf");
    expect(cleanFileName("receipt.PDF.exe", "application/pdf")).toBe("receipt.PDF.pdf");
    expect(cleanFileName("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(cleanFileName("photo.JPG", "image/jpeg")).toBe("photo.JPG");
    expect(cleanFileName("scan.png", "image/jpeg")).toBe("scan.jpg");
    expect(cleanFileName("IMG_0042.HEIF", "image/heic")).toBe("IMG_0042.HEIF");
    expect(cleanFileName("Smith, J. - ticket", "application/pdf")).toBe("Smith, J. - ticket.pdf");
  });
});
