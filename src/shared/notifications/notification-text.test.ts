import { describe, expect, it } from "vitest";
import en from "../i18n/locales/en/notifications.json";
import es from "../i18n/locales/es/notifications.json";
import { notificationText } from "./notification-text";

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
