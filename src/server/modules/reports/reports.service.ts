import { can } from "@shared/access";
import { JURISDICTION_CODES } from "@shared/fuel/jurisdictions";
import {
  IFTA_MESSAGES,
  type IftaRates,
  type IftaRatesInput,
  MONEY_REPORTS,
  REPORT_IDS,
  type Report,
  type ReportExportQuery,
  type ReportId,
  type ReportQuery,
  resolvePeriod,
} from "@shared/reports/reports.schema";
import { asc, eq } from "drizzle-orm";
import { iftaTaxRates } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, forbidden } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";
import { companyDay } from "../../platform/company-day";
import { complianceReport } from "./compliance";
import { financialReport } from "./financial";
import { iftaReport } from "./ifta";
import { maintenanceReport } from "./maintenance";
import { operationalReport } from "./operational";
import { overviewReport } from "./overview";
import { profitAndLossReport } from "./profit-and-loss";
import { reportFile } from "./report-files";
import { isFinal, type ReportContext } from "./report-kit";

/** Each report's sections from its context (the tests call them with and without the rollups). */
export const REPORT_BUILDERS: Record<ReportId, (ctx: ReportContext) => Promise<Report["sections"]>> = {
  overview: overviewReport,
  financial: financialReport,
  operational: operationalReport,
  maintenance: maintenanceReport,
  compliance: complianceReport,
  "profit-and-loss": profitAndLossReport,
  ifta: iftaReport,
};

/** The reports a role opens: the money reports need the ledger's permission too (decision 027). */
export function reportsFor(actor: Pick<Actor, "role" | "permissions">): ReportId[] {
  return REPORT_IDS.filter(
    (id) => !(MONEY_REPORTS as readonly string[]).includes(id) || can(actor, "reports:money"),
  );
}

export function createReportsService(deps: Deps) {
  const { db, config } = deps;

  async function build(actor: Actor, id: ReportId, query: ReportQuery): Promise<Report> {
    if (!reportsFor(actor).includes(id)) throw forbidden("This report holds the ledger's figures.");
    const today = companyDay(new Date(), config.company.timeZone);
    const period = resolvePeriod(query, today);
    const sections = await REPORT_BUILDERS[id]({
      db,
      period,
      timeZone: config.company.timeZone,
      today,
      // The rollups answer every period: whole months from the monthly sums, the days of partial
      // months from the daily ones (decision 066).
      rollups: true,
    });
    return {
      id,
      period,
      currency: config.company.currency ?? "USD",
      timeZone: config.company.timeZone,
      generatedAt: new Date().toISOString(),
      final: isFinal(sections),
      sections,
    };
  }

  return {
    list: (actor: Actor) => ({ items: reportsFor(actor) }),
    build,

    async file(actor: Actor, id: ReportId, query: ReportExportQuery) {
      const report = await build(actor, id, query);
      return reportFile(report, query.format, query.lang, config.company);
    },

    async iftaRates(quarter: string): Promise<IftaRates> {
      const rates = await db
        .select({ jurisdiction: iftaTaxRates.jurisdiction, rate: iftaTaxRates.rate })
        .from(iftaTaxRates)
        .where(eq(iftaTaxRates.quarter, quarter))
        .orderBy(asc(iftaTaxRates.jurisdiction));
      return { quarter, rates };
    },

    /** Replaces the quarter's rates with the ones given (a jurisdiction left out has no rate). */
    async saveIftaRates(actor: Actor, quarter: string, input: IftaRatesInput): Promise<IftaRates> {
      const unknown = input.rates.findIndex(
        (r) => !(JURISDICTION_CODES as readonly string[]).includes(r.jurisdiction),
      );
      if (unknown >= 0)
        throw badRequest(IFTA_MESSAGES.jurisdictionUnknown, {
          fields: { [`rates.${unknown}.jurisdiction`]: IFTA_MESSAGES.jurisdictionUnknown },
        });
      await db.transaction(async (tx) => {
        await tx.delete(iftaTaxRates).where(eq(iftaTaxRates.quarter, quarter));
        if (input.rates.length)
          await tx.insert(iftaTaxRates).values(
            input.rates.map((r) => ({
              quarter,
              jurisdiction: r.jurisdiction,
              rate: r.rate,
              updatedBy: actor.userId,
            })),
          );
        await recordAudit(tx, actor, {
          action: "ifta.rates_saved",
          targetType: "ifta_rates",
          targetLabel: quarter,
          details: { rates: input.rates.length },
        });
      });
      return this.iftaRates(quarter);
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
