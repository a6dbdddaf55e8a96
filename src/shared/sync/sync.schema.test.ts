import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../i18n/i18n.config";
import { LATE_SYNC_MINUTES, OCCURRED_AT_PATTERN, SYNC_ERROR_CODES, sentLate } from "./sync.schema";

const common = (lng: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, "..", "i18n", "locales", lng, "common.json"), "utf8"),
  );

describe("the outbox contract", () => {
  it.each(LANGUAGES)("words every code in %s (common:sync.errors.<CODE>) and the sent-late mark", (lng) => {
    const sync = common(lng).sync;
    expect(SYNC_ERROR_CODES.filter((code) => typeof sync.errors[code] !== "string")).toEqual([]);
    expect(sync.sentLate).toContain("{{time}}");
  });

  it("is sent late only past LATE_SYNC_MINUTES, and never without both times", () => {
    const at = new Date("2026-11-28T10:00:00Z");
    const later = (m: number) => new Date(at.getTime() + m * 60_000);
    expect(sentLate(at, later(LATE_SYNC_MINUTES))).toBe(false);
    expect(sentLate(at, later(LATE_SYNC_MINUTES + 1))).toBe(true);
    expect(sentLate(null, later(60))).toBe(false);
    expect(sentLate(at, null)).toBe(false);
  });

  it("takes an ISO time only with its offset", () => {
    for (const ok of ["2026-11-28T10:31:00-05:00", "2026-11-28T15:31:00.123Z", "2026-11-28T10:31+0100"])
      expect(OCCURRED_AT_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["2026-11-28T10:31:00", "2026-11-28", "yesterday", "1764340260"])
      expect(OCCURRED_AT_PATTERN.test(bad), bad).toBe(false);
  });
});
