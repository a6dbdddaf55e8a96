import { describe, expect, it } from "vitest";
import { DAY_MAX_AGE_MS, decideOwner, withinBounds } from "./day-rules";

describe("whose kept day may be shown", () => {
  it("restores the day under the server's session for the same user, never the kept session", () => {
    expect(decideOwner("u1", { kind: "user", userId: "u1" })).toEqual({
      restore: true,
      restoreSession: false,
      wipe: false,
    });
  });

  it("deletes the kept day when the server names someone else, before anything is restored", () => {
    expect(decideOwner("u1", { kind: "user", userId: "u2" })).toEqual({
      restore: false,
      restoreSession: false,
      wipe: true,
    });
  });

  it("deletes it on sign-out (the server answers nobody)", () => {
    expect(decideOwner("u1", { kind: "signedOut" })).toMatchObject({ restore: false, wipe: true });
    expect(decideOwner(null, { kind: "signedOut" })).toMatchObject({ restore: false, wipe: false });
  });

  it("shows the last session again only when the server cannot be asked", () => {
    expect(decideOwner("u1", { kind: "unreachable" })).toEqual({
      restore: true,
      restoreSession: true,
      wipe: false,
    });
    expect(decideOwner(null, { kind: "unreachable" })).toEqual({
      restore: false,
      restoreSession: false,
      wipe: false,
    });
  });

  it("has nothing to restore for a first user", () => {
    expect(decideOwner(null, { kind: "user", userId: "u1" })).toEqual({
      restore: false,
      restoreSession: false,
      wipe: false,
    });
  });
});

describe("what fits", () => {
  const now = Date.UTC(2026, 10, 28, 12);
  const rec = (id: string, bytes: number, ageMs: number, rank: number) => ({
    id,
    bytes,
    at: now - ageMs,
    rank,
  });

  it("drops what is older than a week, keeps a day-old answer", () => {
    const { keep, drop } = withinBounds(
      [
        rec("old", 10, DAY_MAX_AGE_MS + 1, 0),
        rec("edge", 10, DAY_MAX_AGE_MS, 0),
        rec("day", 10, 86_400_000, 0),
      ],
      { now, maxBytes: 1000 },
    );
    expect(keep.map((r) => r.id).sort()).toEqual(["day", "edge"]);
    expect(drop.map((r) => r.id)).toEqual(["old"]);
  });

  it("keeps the most important first when space runs short, then the newest", () => {
    const { keep, drop } = withinBounds(
      [
        rec("chat", 400, 1000, 3),
        rec("session", 100, 5000, 0),
        rec("load-new", 400, 10, 2),
        rec("load-old", 400, 9000, 2),
      ],
      { now, maxBytes: 850 },
    );
    expect(keep.map((r) => r.id)).toEqual(["session", "load-new"]);
    expect(drop.map((r) => r.id).sort()).toEqual(["chat", "load-old"]);
  });

  it("lets a smaller record in after a larger one did not fit", () => {
    const { keep } = withinBounds([rec("big", 900, 0, 1), rec("small", 50, 0, 2)], { now, maxBytes: 100 });
    expect(keep.map((r) => r.id)).toEqual(["small"]);
  });
});
