import { describe, expect, it } from "vitest";
import en from "../i18n/locales/en/notifications.json";
import es from "../i18n/locales/es/notifications.json";
import { notificationFormat, notificationText } from "./notification-text";

/** The words of one language with {{placeholders}} filled, as i18next and the server's mailer fill them. */
const lookup = (words: unknown) => (key: string, values: Record<string, unknown>) => {
  const found = key.split(".").reduce<unknown>((n, p) => (n as Record<string, unknown>)?.[p], words);
  return String(found ?? "").replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));
};

describe("a notification's words", () => {
  it("picks the overdue wording of a bill and the due-today wording of a document", () => {
    const bill = { billId: "b", name: "Fuel card", amount: "1200.00", dueDate: "2026-11-20", overdue: true };
    expect(notificationText("bill.due", bill, lookup(en))).toEqual({
      title: "Bill overdue: Fuel card",
      body: "1200.00 was due on 2026-11-20.",
    });
    expect(notificationText("bill.due", { ...bill, overdue: false }, lookup(en)).title).toBe(
      "Bill due 2026-11-20: Fuel card",
    );
    const doc = {
      owner: "driver",
      documentId: "d",
      name: "CDL",
      ownerLabel: "Jake",
      expiresOn: "2026-11-24",
    };
    expect(notificationText("document.expiring", { ...doc, daysLeft: 0 }, lookup(en)).title).toBe(
      "Document expires today: CDL",
    );
    expect(notificationText("document.expiring", { ...doc, daysLeft: 7 }, lookup(en)).title).toBe(
      "Document expiring: CDL",
    );
  });

  it("words a time-off decision in the reader's language and names the inspected unit", () => {
    const off = { timeOffId: "t", decision: "denied", startDate: "2026-12-01", endDate: "2026-12-03" };
    expect(notificationText("time_off.reviewed", off, lookup(es)).title).toBe(
      "Su tiempo libre (2026-12-01 – 2026-12-03) fue denegado",
    );
    const inspection = { assetLabel: "Truck 104", inspectionType: "annual", inspectorName: "Sam" };
    expect(notificationText("inspection.failed", inspection, lookup(en)).title).toBe(
      "Truck 104 failed its annual inspection — out of service",
    );
  });
});

describe("a notification's values in the reader's language", () => {
  it("writes money in the company's currency, days and wall times as the language writes them", () => {
    const paid = { settlementId: "s", number: "ST-0042", amount: "1234.5", paidOn: "2026-11-27" };
    expect(notificationText("settlement.paid", paid, lookup(en), notificationFormat("en", "USD")).body).toBe(
      "$1,234.50 paid on Nov 27, 2026. The statement is in your settlements.",
    );
    // Spanish and French: their own digits and month names, never the raw data.
    const es1 = notificationText("settlement.paid", paid, lookup(es), notificationFormat("es", "USD")).body;
    expect(es1).toContain("1234,50");
    expect(es1).toContain("27 nov 2026");
    expect(es1).not.toContain("2026-11-27");
    const late = {
      loadNumber: "L-1",
      locationName: "Dock 4",
      checkIn: "arrived",
      occurredAt: "2026-11-28 08:05",
      receivedAt: "2026-11-28 14:40",
    };
    const body = notificationText(
      "load.check_in_late",
      late,
      lookup(en),
      notificationFormat("en", "USD"),
    ).body;
    expect(body).toContain("Nov 28, 2026, 8:05 AM");
    expect(body).toContain("Nov 28, 2026, 2:40 PM");
    // Canadian dollars where the company says so; a value that is not money stays as it is.
    expect(
      notificationText(
        "bill.due",
        { name: "Fuel card", amount: "1200.00", dueDate: "2026-11-20", overdue: true },
        lookup(en),
        notificationFormat("en", "CAD"),
      ).body,
    ).toBe("CA$1,200.00 was due on Nov 20, 2026.");
  });
});
