import { describe, expect, it } from "vitest";
import { necDueDate, necThreshold } from "./tax-forms.schema";

describe("1099-NEC rules by year", () => {
  it("the threshold is a table by year of payment: 600 through 2025, 2,000 from 2026", () => {
    expect(necThreshold(2024)).toBe("600.00");
    expect(necThreshold(2025)).toBe("600.00");
    expect(necThreshold(2026)).toBe("2000.00");
    // Until the inflation-indexed figure is published, the latest known applies.
    expect(necThreshold(2027)).toBe("2000.00");
  });

  it("due January 31, moved to the next business day on a weekend", () => {
    // 2027-01-31 is a Sunday.
    expect(necDueDate(2026)).toBe("2027-02-01");
    // 2026-01-31 is a Saturday.
    expect(necDueDate(2025)).toBe("2026-02-02");
    // 2028-01-31 is a Monday.
    expect(necDueDate(2027)).toBe("2028-01-31");
  });
});
