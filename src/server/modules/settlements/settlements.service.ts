import { payPeriodOf } from "@shared/settlements/pay";
import type {
  DriverSettlement,
  Settlement,
  SettlementListQuery,
  SettlementPage,
} from "@shared/settlements/settlements.schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { toPage } from "../../http/pagination";
import { ownDriverId } from "../../http/scope";
import { companyDay } from "../accounting/ledger-posting";
import { readSettings, ruleOf } from "./pay-rules.service";
import { readSettlement, toSummary } from "./settlement-detail";
import { driverSummaries, listSettlements } from "./settlements.repo";

/**
 * Driver settlements (decision 025), the reading side: the list, one settlement, a driver's own.
 * A settlement moves draft → approved → paid, or to void (an unpaid one, with a reason); the rest
 * lives by concern — `pay-rules.service.ts` (pay settings), `generation.service.ts` (drafts and
 * their loads), `deductions.service.ts` (lines by hand, standing deductions, escrow),
 * `payout.service.ts` (approve, pay, void, the PDF) — with every query in `settlements.repo.ts`
 * and `deductions.repo.ts`.
 */
export function createSettlementsService({ db, config }: Deps) {
  return {
    async list(query: SettlementListQuery): Promise<SettlementPage> {
      const settings = await readSettings(db);
      const today = companyDay(new Date(), config.company.timeZone);
      const { rows, total, totals } = await listSettlements(db, query, `${today.slice(0, 7)}-01`);
      return {
        ...toPage(rows.map(toSummary), total, query),
        totals,
        currentPeriod: payPeriodOf(today, ruleOf(settings)),
      };
    },

    /** One settlement: staff any, a driver their own approved or paid ones (else 404). */
    async get(actor: Actor, id: string): Promise<Settlement> {
      return readSettlement(db, actor, id);
    },

    /** A driver's own approved and paid settlements (their dashboard). */
    async mine(actor: Actor): Promise<DriverSettlement[]> {
      const driverId = ownDriverId(actor);
      if (!driverId) return [];
      return (await driverSummaries(db, driverId)).map((r) => {
        const s = toSummary(r);
        return {
          id: s.id,
          number: s.number,
          periodStart: s.periodStart,
          periodEnd: s.periodEnd,
          status: s.status,
          gross: s.gross,
          deductions: s.deductions,
          net: s.net,
          paidOn: s.paidOn,
        };
      });
    },
  };
}

export type SettlementsService = ReturnType<typeof createSettlementsService>;
