import { describe, expect, it } from "vitest";
import { expiryMessage, expiryState, needsAttention } from "./expiry";
import {
  createDriverSchema,
  isMaskedTaxId,
  maskTaxId,
  taxIdKind,
  updateDriverSchema,
} from "./management.schema";
import { overallScore } from "./ratings.schema";

describe("expiry warnings", () => {
  const today = "2026-03-10";
  it("words expired, today and soon as the Document Center does", () => {
    expect(expiryMessage(expiryState("2026-03-10", today))).toBe("Expires today");
    expect(expiryMessage(expiryState("2026-03-11", today))).toBe("Expires in 1 day");
    expect(expiryMessage(expiryState("2026-04-09", today))).toBe("Expires in 30 days");
    expect(expiryMessage(expiryState("2026-03-07", today))).toBe("Expired 3 days ago");
    expect(expiryMessage(expiryState("2026-03-09", today))).toBe("Expired yesterday");
  });

  it("is quiet past the warning window and for missing dates", () => {
    const far = expiryState("2026-04-10", today);
    expect(far).toEqual({ kind: "valid", days: 31 });
    expect(needsAttention(far)).toBe(false);
    expect(expiryMessage(far)).toBeNull();
    expect(expiryState(null, today)).toBeNull();
    expect(expiryState("10/03/2026", today)).toBeNull();
    expect(needsAttention(expiryState("2026-04-10", today, 45))).toBe(true);
  });

  it("counts calendar days across a daylight-saving change", () => {
    expect(expiryState("2026-03-09", "2026-03-07")).toEqual({ kind: "soon", days: 2 });
  });
});

describe("tax ids", () => {
  it("masks all but the last four digits in the id's own shape: an SSN as an SSN, an EIN as an EIN", () => {
    expect(maskTaxId("412-58-7314")).toBe("***-**-7314");
    expect(maskTaxId("36-4829175")).toBe("**-***9175");
    expect(maskTaxId(" 36-4829175 ")).toBe("**-***9175");
    expect(maskTaxId("41258-7314")).toBe("***-**-7314");
    // Nine digits without a dash could be either: no shape is claimed.
    expect(maskTaxId("364829175")).toBe("*****9175");
    expect(maskTaxId(null)).toBeNull();
    expect([taxIdKind("412-58-7314"), taxIdKind("36-4829175"), taxIdKind("364829175")]).toEqual([
      "SSN",
      "EIN",
      null,
    ]);
    expect(isMaskedTaxId(maskTaxId("36-4829175") ?? "")).toBe(true);
    expect(isMaskedTaxId("•••-••-9175")).toBe(true);
    expect(isMaskedTaxId("36-4829175")).toBe(false);
  });

  it("keeps the tax id on an edit that leaves it out, clears it when emptied", () => {
    expect(updateDriverSchema.parse({ fullName: "A" }).taxId).toBeUndefined();
    expect(updateDriverSchema.parse({ fullName: "A", taxId: "" }).taxId).toBeNull();
    expect(updateDriverSchema.parse({ fullName: "A", taxId: "123456789" }).taxId).toBe("123456789");
    expect(updateDriverSchema.safeParse({ fullName: "A", taxId: "12-345" }).success).toBe(false);
  });

  it("asks for an email and a valid password only when an account is created", () => {
    expect(createDriverSchema.safeParse({ fullName: "A" }).success).toBe(true);
    const missing = createDriverSchema.safeParse({ fullName: "A", createAccount: true, password: "x" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path.join("."))).toEqual(["email", "password"]);
  });
});

describe("ratings", () => {
  it("scores a rating as the mean of its four categories", () => {
    expect(overallScore({ punctuality: 5, communication: 4, safety: 5, equipmentCare: 4 })).toBe("4.50");
    expect(overallScore({ punctuality: 3, communication: 3, safety: 3, equipmentCare: 4 })).toBe("3.25");
    expect(overallScore({ punctuality: 1, communication: 1, safety: 1, equipmentCare: 1 })).toBe("1.00");
  });
});
