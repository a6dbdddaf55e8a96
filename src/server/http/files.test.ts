import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CONTENT_TYPES, sheetFile } from "../platform/sheets/sheets";
import { EXPORT_MAX_ROWS, ensureExportFits } from "./export";
import { contentDisposition, fileResponse, uploadBodyLimit } from "./files";

describe("the list-and-files kit", () => {
  it("names a download in ASCII and exactly in UTF-8 (RFC 6266)", () => {
    expect(contentDisposition('Relevé "mai";.pdf')).toBe(
      `attachment; filename="Relev_ _mai__.pdf"; filename*=UTF-8''Relev%C3%A9%20%22mai%22%3B.pdf`,
    );
    expect(contentDisposition("photo.jpg", "inline")).toMatch(/^inline; /);
  });

  it("sends generated and stored files with the same private, unsniffed headers", async () => {
    const app = new Hono()
      .get("/generated", (c) =>
        fileResponse(c, { body: "a,b\n", contentType: "text/csv", fileName: "x.csv" }),
      )
      .get("/stored", (c) =>
        fileResponse(
          c,
          { bytes: new Uint8Array([37, 80]), contentType: "application/pdf", fileName: "y.pdf" },
          "inline",
        ),
      );
    for (const [path, type, disposition] of [
      ["/generated", "text/csv", 'attachment; filename="x.csv"'],
      ["/stored", "application/pdf", 'inline; filename="y.pdf"'],
    ]) {
      const res = await app.request(path);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("content-disposition")).toContain(disposition);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(new Uint8Array(await (await app.request("/stored")).arrayBuffer())).toEqual(
      new Uint8Array([37, 80]),
    );
  });

  it("refuses an upload past its limit with 413 before reading it", async () => {
    const app = new Hono().post("/upload", uploadBodyLimit(1024 * 1024), (c) => c.text("read"));
    app.onError((err, c) =>
      c.json({ code: (err as { code?: string }).code }, (err as { status?: 413 }).status ?? 500),
    );
    const res = await app.request("/upload", { method: "POST", body: new Uint8Array(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: "FILE_TOO_LARGE" });
  });

  it("refuses an export past its cap with one message, and dates the file it builds", async () => {
    expect(() => ensureExportFits(EXPORT_MAX_ROWS, "loads")).not.toThrow();
    expect(() => ensureExportFits(EXPORT_MAX_ROWS + 1, "loads")).toThrow(
      "An export holds at most 50,000 loads. Narrow the filters (for example a date range) and try again.",
    );
    expect(() => ensureExportFits(21, "drivers", 20)).toThrow("at most 20 drivers");
    const file = await sheetFile([{ n: "=1+1" }], [{ header: "N", value: (r) => r.n }], "csv", {
      file: "loads",
      sheet: "Loads",
      stamp: "2026-11-25",
    });
    expect(file).toEqual({
      fileName: "loads-2026-11-25.csv",
      contentType: CONTENT_TYPES.csv,
      body: expect.any(String),
    });
    expect(file.body).toContain("'=1+1"); // the formula is defused, as every export's cells are
  });
});
