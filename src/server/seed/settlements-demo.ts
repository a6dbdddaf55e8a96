import { defaultPermissions } from "@shared/access";
import { addDays, payPeriodOf } from "@shared/settlements/pay";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { drivers, paySettings, settlements, standingDeductions, users } from "../db/schema";
import type { Deps } from "../deps";
import type { Actor } from "../http/context";
import { companyDay } from "../modules/accounting/ledger-posting";
import { createDeductionsService } from "../modules/settlements/deductions.service";
import { createGenerationService } from "../modules/settlements/generation.service";
import { createPayoutService } from "../modules/settlements/payout.service";
import { createSettlementsService } from "../modules/settlements/settlements.service";
import type { Storage } from "../platform/storage/storage";
import { receiptPdf } from "./fuel-tolls-parking-demo";

const WEEKS_BACK = 13;

/** The settlements services the demo drives (generate, lines, approve, pay, read), over one set of dependencies. */
function settlementServices(deps: Deps) {
  return {
    ...createSettlementsService(deps),
    ...createGenerationService(deps),
    ...createDeductionsService(deps),
    ...createPayoutService(deps),
  };
}
const RULE = { frequency: "weekly", endWeekday: 0 } as const;

// biome-ignore format: one driver per line reads as a table
const PAY_PROFILES: Record<string, { workerType: "company" | "contractor"; street: string; city: string; state: string; zip: string; econsent: boolean; clearTin?: boolean }> = {
  "driver@demo.test": { workerType: "company", street: "2417 W Belmont Ave", city: "Chicago", state: "IL", zip: "60618", econsent: true },
  "driver2@demo.test": { workerType: "contractor", street: "815 Ridge Rd", city: "Joliet", state: "IL", zip: "60435", econsent: true },
  "tyrone.brooks@drivers.test": { workerType: "contractor", street: "77 Lakeview Ct", city: "Bolingbrook", state: "IL", zip: "60440", econsent: false },
  "emily.sanders@drivers.test": { workerType: "contractor", street: "1402 Packer Dr", city: "Green Bay", state: "WI", zip: "54304", econsent: true, clearTin: true },
};

/**
 * Driver pay for the demo: pay fields on the drivers (Rosa and Tyrone owner-operators with complete
 * tax details, Emily one without a TIN, Jake a company driver), standing deductions (Rosa's escrow,
 * occupational insurance and ELD; Jake's cash advance being recovered) and weekly settlements for the
 * past three months through the service itself — paid until two weeks ago (ACH on the Friday after
 * the period), last week's approved, this week's a draft — with a fuel advance, detention and a bonus;
 * this week Jake's cash advance is more than his pay, so part of it is carried to the next settlement.
 */
export async function seedSettlementsDemo(
  tx: Tx,
  timeZone: string,
  storage?: Storage,
  now = new Date(),
): Promise<void> {
  const [already] = await tx.select({ id: settlements.id }).from(settlements).limit(1);
  if (already) return;
  const people = await tx
    .select({ id: drivers.id, email: users.email, driverEmail: drivers.email })
    .from(drivers)
    .leftJoin(users, eq(users.id, drivers.userId));
  const idOf = (email: string) => people.find((p) => p.email === email || p.driverEmail === email)?.id;
  const [accountant] = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.email, "accountant@demo.test"));
  const jake = idOf("driver@demo.test");
  const rosa = idOf("driver2@demo.test");
  if (!accountant || !jake || !rosa) return;

  for (const [email, p] of Object.entries(PAY_PROFILES)) {
    const id = idOf(email);
    if (!id) continue;
    await tx
      .update(drivers)
      .set({
        workerType: p.workerType,
        mailingStreet: p.street,
        mailingCity: p.city,
        mailingState: p.state,
        mailingPostalCode: p.zip,
        taxFormsEconsent: p.econsent,
        taxFormsEconsentAt: p.econsent ? new Date(now.getTime() - 200 * 86_400_000) : null,
        ...(p.clearTin ? { taxId: null } : {}),
      })
      .where(eq(drivers.id, id));
  }

  // The demo carrier's rules: weekly, Sunday to Sunday, percentages of the total; its owner-operators
  // buy their own fuel (no fuel-card deduction) and company-paid tickets are charged back.
  await tx
    .insert(paySettings)
    .values({
      id: 1,
      deductFuelCard: false,
      chargeBackCitations: true,
      payerTin: "36-2918475",
      updatedBy: accountant.id,
    })
    .onConflictDoNothing();
  const today = companyDay(now, timeZone);
  const current = payPeriodOf(today, RULE);
  const first = payPeriodOf(addDays(current.start, -7 * WEEKS_BACK), RULE);
  await tx.insert(standingDeductions).values([
    {
      driverId: rosa,
      kind: "escrow",
      description: "Lease escrow (49 CFR 376.12)",
      perPeriod: "100.00",
      total: "2500.00",
      startsOn: first.start,
      createdBy: accountant.id,
    },
    {
      driverId: rosa,
      kind: "insurance",
      description: "Occupational accident insurance",
      perPeriod: "42.50",
      startsOn: first.start,
      createdBy: accountant.id,
    },
    {
      driverId: rosa,
      kind: "eld",
      description: "Motive ELD subscription",
      perPeriod: "14.99",
      startsOn: first.start,
      createdBy: accountant.id,
    },
    {
      driverId: jake,
      kind: "cash_advance",
      description: "Advance for a family emergency",
      perPeriod: "100.00",
      total: "300.00",
      source: "Office cash, receipt 2231",
      startsOn: addDays(first.start, 14),
      createdBy: accountant.id,
    },
  ]);

  const actor: Actor = {
    userId: accountant.id,
    email: accountant.email,
    name: accountant.name,
    role: "accountant",
    permissions: defaultPermissions("accountant"),
    mustChangePassword: false,
    mustEnrolTwoFactor: false,
    sessionId: "demo-seed",
    sessionExpiresAt: now,
    impersonator: null,
    ip: null,
    driverId: null,
    customerId: null,
  };
  // The service runs inside the seed's transaction (its own transactions become savepoints).
  const service = settlementServices({
    db: tx as unknown as Db,
    config: { company: { timeZone } },
    storage,
  } as Deps);

  /** A driver-paid expense reimbursed on the settlement, with the till receipt the driver handed in. */
  const reimburse = async (
    settlementId: string,
    kind: "reimbursement_tolls" | "reimbursement_lumper",
    description: string,
    amount: string,
    receipt: string[],
  ) => {
    const updated = await service.addLine(actor, settlementId, {
      section: "addition",
      kind,
      description,
      amount,
      adjustsSettlementId: null,
    });
    const line = updated.lines.find((l) => l.kind === kind && l.description === description);
    if (!storage || !line) return;
    const bytes = (await receiptPdf(receipt)) as Uint8Array<ArrayBuffer>;
    const fileName = `${kind === "reimbursement_tolls" ? "tolls" : "lumper"}-receipt.pdf`;
    await service.attachReceipt(
      actor,
      settlementId,
      line.id,
      new File([bytes], fileName, { type: "application/pdf" }),
    );
  };

  await seedLastYear(tx, service, actor, {
    rosa,
    tyrone: idOf("tyrone.brooks@drivers.test"),
    emily: idOf("emily.sanders@drivers.test"),
    year: Number(today.slice(0, 4)) - 1,
  });

  let extrasDone = { fuel: false, detention: false, bonus: false, tolls: false };
  for (
    let period = first;
    period.start <= current.start;
    period = payPeriodOf(addDays(period.end, 1), RULE)
  ) {
    await service.generate(actor, { periodStart: period.start, periodEnd: period.end });
    const drafts = await tx
      .select({ id: settlements.id, driverId: settlements.driverId })
      .from(settlements)
      .where(sql`${settlements.periodStart} = ${period.start} and ${settlements.status} = 'draft'`);
    for (const d of drafts) {
      if (d.driverId === rosa && !extrasDone.fuel) {
        await service.addLine(actor, d.id, {
          section: "deduction",
          kind: "fuel_advance",
          description: "Comchek at Pilot #412, Effingham IL",
          amount: "250.00",
          adjustsSettlementId: null,
        });
        extrasDone = { ...extrasDone, fuel: true };
      } else if (d.driverId === jake && !extrasDone.detention) {
        await service.addLine(actor, d.id, {
          section: "addition",
          kind: "detention",
          description: "3 h at the receiver, Milwaukee",
          amount: "75.00",
          adjustsSettlementId: null,
        });
        extrasDone = { ...extrasDone, detention: true };
      } else if (d.driverId === jake && period.end >= addDays(current.start, -35) && !extrasDone.bonus) {
        await service.addLine(actor, d.id, {
          section: "addition",
          kind: "bonus",
          description: "Clean inspection bonus",
          amount: "100.00",
          adjustsSettlementId: null,
        });
        extrasDone = { ...extrasDone, bonus: true };
      } else if (d.driverId === jake && period.end >= addDays(current.start, -21) && !extrasDone.tolls) {
        await reimburse(d.id, "reimbursement_tolls", "Chicago Skyway and I-90 tolls paid in cash", "18.60", [
          "CHICAGO SKYWAY TOLL BRIDGE",
          "CHICAGO, IL",
          "",
          `${period.end}  CLASS 5 AXLE`,
          "CASH          $14.00",
          "",
          "INDIANA TOLL ROAD - EXIT 21",
          "CASH           $4.60",
          "",
          "TOTAL         $18.60",
        ]);
        extrasDone = { ...extrasDone, tolls: true };
      }
      if (d.driverId === jake && period.start === current.start) {
        await reimburse(d.id, "reimbursement_lumper", "Lumper at the Kroger DC, Indianapolis", "85.00", [
          "CAPSTONE LOGISTICS",
          "KROGER DC - INDIANAPOLIS IN",
          "",
          `${period.start}  DOOR 14`,
          "UNLOAD 22 PALLETS",
          "PAID BY DRIVER - COMCHEK",
          "",
          "TOTAL         $85.00",
        ]);
        // A cash advance larger than this week's pay: what the settlement cannot take is carried
        // to next week's as a deduction (confirmed, as the office must), never counted as pay.
        const draft = await service.get(actor, d.id);
        const advance = Math.ceil((Number(draft.gross) + 100) / 50) * 50;
        await service.addLine(actor, d.id, {
          section: "deduction",
          kind: "cash_advance",
          description: "Cash advance at the Joliet terminal, repaid from the next settlements",
          amount: advance.toFixed(2),
          adjustsSettlementId: null,
          allowCarryForward: true,
        });
      }
    }
    if (period.start === current.start) break; // this week's drafts stay drafts
    for (const d of drafts) {
      await service.approve(actor, d.id);
      // Last week's are approved, waiting for Friday's ACH run; earlier ones were paid on theirs.
      const payday = addDays(period.end, 5);
      if (payday <= today && period.end < addDays(current.start, -1)) {
        await service.pay(actor, d.id, {
          paidOn: payday,
          method: "ach",
          reference: `ACH ${payday.replaceAll("-", "").slice(2)}`,
        });
      }
    }
  }
  // Paying a settlement tells its driver (issue 41): a driver's history keeps the latest one, dated
  // the morning it was paid, not a year of notices all stamped with the seeding minute.
  await tx.execute(sql`
    delete from notifications n where n.kind = 'settlement.paid' and exists (
      select 1 from notifications later where later.kind = 'settlement.paid'
        and later.recipient_id = n.recipient_id and later.data->>'paidOn' > n.data->>'paidOn')`);
  await tx.execute(sql`
    update notifications set created_at = (data->>'paidOn')::date + time '09:00', read_at = null
    where kind = 'settlement.paid'`);
}

/**
 * Last year's pay of the owner-operators, as carriers bring it from the system they used before: one
 * paid settlement a month ("imported"), so the 1099 page has a year to file — Rosa's complete and
 * e-delivered, Tyrone's complete but by mail, Emily's blocked by her missing TIN.
 */
async function seedLastYear(
  tx: Tx,
  service: ReturnType<typeof settlementServices>,
  actor: Actor,
  who: { rosa: string; tyrone?: string; emily?: string; year: number },
) {
  // biome-ignore format: one driver per line reads as a table
  const monthly: Array<[string | undefined, string]> = [[who.rosa, "5240.00"], [who.tyrone, "3400.00"], [who.emily, "410.00"]];
  for (const [driverId, base] of monthly) {
    if (!driverId) continue;
    for (let month = 1; month <= 12; month++) {
      const mm = String(month).padStart(2, "0");
      const last = new Date(Date.UTC(who.year, month, 0)).getUTCDate();
      const [row] = await tx
        .insert(settlements)
        .values({
          number: sql`'ST-' || nextval('settlement_number_seq')`,
          driverId,
          periodStart: `${who.year}-${mm}-01`,
          periodEnd: `${who.year}-${mm}-${last}`,
          notes: "Imported from the previous settlement system.",
          createdBy: actor.userId,
        })
        .returning({ id: settlements.id });
      // A little different each month, to the cent.
      const amount = (Number(base) + ((month * 37) % 90) + month / 100).toFixed(2);
      await service.addLine(actor, row.id, {
        section: "addition",
        kind: "other",
        description: `Settled loads, ${who.year}-${mm} (previous system)`,
        amount,
        adjustsSettlementId: null,
      });
      await service.approve(actor, row.id);
      const payday = new Date(Date.UTC(who.year, month, 5)).toISOString().slice(0, 10);
      await service.pay(actor, row.id, {
        paidOn: payday,
        method: "ach",
        reference: `ACH ${payday.replaceAll("-", "").slice(2)}`,
      });
    }
  }
}
