import { DEFAULT_PAYMENT_TERMS_DAYS } from "@shared/customers/customers.schema";
import { addDays, type InvoiceStatus, type PaymentMethod, sumMoney } from "@shared/invoices/invoices.schema";
import { fromCents, LOAD_FILE_MAX_BYTES, LOAD_FILE_TYPES, toCents } from "@shared/loads/loads.schema";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import type { Tx } from "../db/client";
import {
  customers,
  invoiceLines,
  invoiceLoads,
  invoicePayments,
  invoices,
  loadFiles,
  loadStops,
  loads,
  users,
} from "../db/schema";
import { linesForLoads } from "../modules/invoices/invoice-lines";
import type { Storage } from "../platform/storage/storage";

/*
 * Billing history for the two demo customers, on the completed loads of the dispatch demo (whose
 * pickups are days relative to today): a paid invoice, one paid in two parts, open ones, a partly
 * paid one and an overdue one each. The most recent deliveries stay uninvoiced, so there is always
 * something to bill. Dates are relative to today, so due dates and aging never go stale.
 *
 * With a storage service (the app's start-up seed) every completed load of the two customers also
 * gets its rate confirmation and signed bill of lading as small PDFs, so invoice PDFs show the
 * appended documents; the test template has no files.
 */

interface PlannedPayment {
  /** Day relative to today. */
  day: number;
  /** Share of the invoice total, 0–1 (the last payment of a paid invoice takes the rest). */
  share: number;
  method: PaymentMethod;
  reference: string;
}

interface PlannedInvoice {
  /** Pickup days (relative to today) of the customer's completed loads it bills. */
  loadDays: number[];
  issueDay: number;
  /** Set on the overdue ones, so they stay overdue whatever the customer's terms are. */
  dueDay?: number;
  status: Exclude<InvoiceStatus, "void">;
  payments?: PlannedPayment[];
  notes?: string;
}

const PLAN: Record<"customer@demo.test" | "customer2@demo.test", PlannedInvoice[]> = {
  // Great Lakes Foods Inc.
  "customer@demo.test": [
    {
      loadDays: [-58, -52],
      issueDay: -50,
      status: "paid",
      payments: [{ day: -24, share: 1, method: "ach", reference: "20931-GLF" }],
    },
    {
      loadDays: [-45, -37],
      issueDay: -35,
      dueDay: -5,
      status: "sent",
      payments: [{ day: -10, share: 0.4, method: "check", reference: "10457" }],
      notes: "Reefer loads billed with lumper receipts. Thank you for your business.",
    },
    { loadDays: [-31, -21], issueDay: -18, status: "sent" },
    { loadDays: [-16], issueDay: -1, status: "draft" },
  ],
  // Prairie Steel Supply LLC
  "customer2@demo.test": [
    {
      loadDays: [-57],
      issueDay: -55,
      status: "paid",
      payments: [
        { day: -30, share: 0.5, method: "wire", reference: "PSS-0412" },
        { day: -12, share: 1, method: "wire", reference: "PSS-0433" },
      ],
    },
    { loadDays: [-49], issueDay: -47, dueDay: -2, status: "sent" },
    {
      loadDays: [-43, -35],
      issueDay: -33,
      status: "sent",
      payments: [{ day: -4, share: 0.5, method: "ach", reference: "77120-PSS" }],
    },
    {
      loadDays: [-28, -19],
      issueDay: -17,
      status: "sent",
      notes: "Tarp charges included under other charges.",
    },
  ],
};

const DAY = 86_400_000;

export async function seedInvoicesDemo(tx: Tx, storage?: Storage, now = new Date()): Promise<void> {
  const [already] = await tx.select({ id: invoices.id }).from(invoices).limit(1);
  if (already) return;
  const today = now.toISOString().slice(0, 10);
  const todayMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayOf = (d: Date) => Math.floor((d.getTime() - todayMs) / DAY);
  const at = (day: number, hour: number) => new Date(todayMs + day * DAY + hour * 3_600_000);

  const [accountant] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "accountant@demo.test"));
  const rows = await tx
    .select({ customer: customers, email: users.email })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .where(inArray(users.email, Object.keys(PLAN)));

  for (const { customer, email } of rows) {
    const completed = await tx
      .select()
      .from(loads)
      .where(and(eq(loads.customerId, customer.id), eq(loads.status, "completed")));
    const byDay = new Map(completed.map((l) => [dayOf(l.pickupAt), l]));
    if (storage)
      await attachDemoDocuments(tx, storage, customer.companyName, completed, accountant?.id ?? null);
    for (const plan of PLAN[email as keyof typeof PLAN]) {
      const billed = plan.loadDays
        .map((d) => byDay.get(d))
        .filter((l): l is (typeof completed)[number] => !!l);
      if (billed.length !== plan.loadDays.length) continue; // the dispatch demo changed: skip rather than guess
      const lines = linesForLoads(billed);
      const total = sumMoney(lines.map((l) => l.amount));
      const issueDate = addDays(today, plan.issueDay);
      const terms =
        plan.dueDay !== undefined
          ? plan.dueDay - plan.issueDay
          : (customer.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS);
      const { rows: seq } = await tx.execute<{ n: string }>(
        sql`select nextval('invoice_number_seq')::text as n`,
      );

      let paidCents = 0;
      const payments = (plan.payments ?? []).map((p, i, all) => {
        const last = i === all.length - 1 && plan.status === "paid";
        const cents = last ? toCents(total) - paidCents : Math.round(toCents(total) * p.share);
        paidCents += cents;
        return { ...p, amount: fromCents(cents) };
      });
      const lastPayment = payments.at(-1);
      const [invoice] = await tx
        .insert(invoices)
        .values({
          invoiceNumber: `INV-${issueDate.slice(0, 4)}-${seq[0].n.padStart(5, "0")}`,
          customerId: customer.id,
          status: plan.status,
          issueDate,
          dueDate: addDays(issueDate, terms),
          paymentTermsDays: terms,
          billToCompany: customer.companyName,
          billToName: customer.name,
          billToEmail: customer.email,
          billToPhone: customer.phone,
          billToAddress: customer.billingAddress || customer.address,
          total,
          amountPaid: fromCents(paidCents),
          notes: plan.notes ?? "",
          sentAt: plan.status === "draft" ? null : at(plan.issueDay, 15),
          sentTo: plan.status === "draft" ? null : customer.email,
          paidAt: plan.status === "paid" && lastPayment ? at(lastPayment.day, 16) : null,
          createdBy: accountant?.id ?? null,
          createdAt: at(plan.issueDay, 14),
          updatedAt: at(lastPayment?.day ?? plan.issueDay, 16),
        })
        .returning({ id: invoices.id });
      await tx.insert(invoiceLoads).values(billed.map((l) => ({ invoiceId: invoice.id, loadId: l.id })));
      await tx
        .insert(invoiceLines)
        .values(lines.map((l, i) => ({ invoiceId: invoice.id, sequence: i + 1, ...l })));
      if (payments.length) {
        await tx.insert(invoicePayments).values(
          payments.map((p) => ({
            invoiceId: invoice.id,
            amount: p.amount,
            paidOn: addDays(today, p.day),
            method: p.method,
            reference: p.reference,
            recordedBy: accountant?.id ?? null,
            createdAt: at(p.day, 16),
          })),
        );
      }
    }
  }
}

type LoadRow = typeof loads.$inferSelect;

/** A one-page document of plain lines, as a scanned form would read. */
async function documentPdf(title: string, lines: string[]): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  page.drawText(title.toUpperCase(), { x: 54, y: 720, size: 18, font: bold });
  // The standard fonts encode WinAnsi only: keep to Latin-1 so an odd character never fails the seed.
  const safe = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");
  lines.forEach((line, i) => {
    page.drawText(safe(line), { x: 54, y: 680 - i * 18, size: 11, font });
  });
  // A border alone (pdf-lib fills a rectangle black when it has no border colour).
  page.drawRectangle({
    x: 54,
    y: 120,
    width: 220,
    height: 50,
    borderWidth: 1,
    borderColor: rgb(0.2, 0.2, 0.2),
  });
  page.drawText("Receiver signature", { x: 58, y: 104, size: 9, font });
  return new Uint8Array(await pdf.save());
}

/** Rate confirmation and signed BOL for each completed load (only with a storage service). */
async function attachDemoDocuments(
  tx: Tx,
  storage: Storage,
  company: string,
  rows: LoadRow[],
  userId: string | null,
) {
  if (!rows.length) return;
  const stops = await tx
    .select()
    .from(loadStops)
    .where(
      inArray(
        loadStops.loadId,
        rows.map((l) => l.id),
      ),
    )
    .orderBy(asc(loadStops.loadId), asc(loadStops.sequence));
  for (const load of rows) {
    const own = stops.filter((s) => s.loadId === load.id);
    const first = own[0];
    const last = own.at(-1);
    const day = load.pickupAt.toISOString().slice(0, 10);
    const route = own.map(
      (s) => `${s.type === "pickup" ? "PU" : "DEL"}  ${s.locationName}, ${s.city}, ${s.state}`,
    );
    const rateCon = await documentPdf("Rate confirmation", [
      `Shipper: ${company}`,
      `Load: ${load.loadNumber}    Pickup date: ${day}`,
      ...route,
      `Commodity: ${load.description.slice(0, 80)}`,
      `Weight: ${load.weightLbs ?? "-"} lbs`,
      `Agreed rate (all in): $${load.customerRate ?? load.totalRate}`,
      "Payment terms per customer agreement.",
    ]);
    const bol = await documentPdf("Bill of lading", [
      `BOL for load ${load.loadNumber}`,
      `Ship from: ${first?.locationName ?? ""}, ${first?.address ?? ""}, ${first?.city ?? ""} ${first?.state ?? ""}`,
      `Ship to: ${last?.locationName ?? ""}, ${last?.address ?? ""}, ${last?.city ?? ""} ${last?.state ?? ""}`,
      `Description: ${load.description.slice(0, 80)}`,
      `Weight: ${load.weightLbs ?? "-"} lbs`,
      `Delivered: ${load.deliveredAt?.toISOString().slice(0, 16).replace("T", " ") ?? "-"}    Received in good order.`,
    ]);
    for (const [kind, bytes, name] of [
      ["rate_confirmation", rateCon, `rate-confirmation-${load.loadNumber}.pdf`],
      ["bol", bol, `bol-${load.loadNumber}.pdf`],
    ] as const) {
      const stored = await storage.save(
        tx,
        new File([bytes], name, { type: "application/pdf" }),
        { maxBytes: LOAD_FILE_MAX_BYTES, allowedTypes: LOAD_FILE_TYPES },
        userId,
      );
      await tx.insert(loadFiles).values({ loadId: load.id, fileId: stored.id, kind, uploadedVia: "staff" });
    }
  }
}
