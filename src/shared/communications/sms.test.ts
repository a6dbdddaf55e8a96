import { describe, expect, it } from "vitest";
import { keywordOf, smsSegments, smsText } from "./sms";

describe("SMS rules", () => {
  it("counts GSM-7 and UCS-2 segments at their boundaries", () => {
    expect(smsSegments("a".repeat(160))).toEqual({ encoding: "GSM-7", characters: 160, segments: 1 });
    expect(smsSegments("a".repeat(161))).toEqual({ encoding: "GSM-7", characters: 161, segments: 2 });
    expect(smsSegments("a".repeat(306)).segments).toBe(2);
    expect(smsSegments("a".repeat(307)).segments).toBe(3);
    // An extension character (€) counts twice.
    expect(smsSegments("€".repeat(80))).toEqual({ encoding: "GSM-7", characters: 160, segments: 1 });
    // Anything outside GSM (an em dash, an emoji) makes the whole text UCS-2.
    expect(smsSegments(`${"a".repeat(69)}—`)).toEqual({ encoding: "UCS-2", characters: 70, segments: 1 });
    expect(smsSegments(`${"a".repeat(70)}—`).segments).toBe(2);
    expect(smsSegments("🚚").characters).toBe(2);
  });

  it("reads carrier keywords and plain-language opt-outs, whole message only", () => {
    for (const w of [
      "STOP",
      "stopall",
      "Unsubscribe",
      "CANCEL",
      "end",
      "QUIT",
      "opt out",
      "Revoke",
      "No más",
      "no mas!",
    ])
      expect(keywordOf(w)).toBe("opt_out");
    expect(keywordOf("START")).toBe("opt_in");
    expect(keywordOf("unstop")).toBe("opt_in");
    expect(keywordOf("HELP")).toBe("help");
    expect(keywordOf("info")).toBe("help");
    expect(keywordOf("please stop by the yard")).toBeNull();
  });

  it("names the company and ends with the opt-out line", () => {
    expect(smsText("Lakeshore Freight", "Yard closed Saturday.")).toBe(
      "Lakeshore Freight: Yard closed Saturday. Reply STOP to opt out.",
    );
    // Nothing typed yet: no double space in the preview.
    expect(smsText("Lakeshore Freight", "  ")).toBe("Lakeshore Freight: Reply STOP to opt out.");
  });
});
