import { periodLine } from "@shared/audit/audit-targets";
import { isPeriodOf } from "@shared/settlements/pay";
import {
  type GenerateInput,
  type GenerateResult,
  SETTLEMENT_MESSAGES,
  type Settlement,
  type UnsettledLoad,
} from "@shared/settlements/settlements.schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound, uniqueViolation } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";
import { openingLines } from "./deductions.service";
import { type LoadLineValues, loadLine } from "./pay-lines";
import { readSettings, ruleOf } from "./pay-rules.service";
import { isoOf, readSettlement } from "./settlement-detail";
import { auditSettlement, lockDraft } from "./settlement-guards";
import {
  driversCarrying,
  eligibleLoads,
  findSettlement,
  insertDrafts,
  insertLines,
  liveSettlementsOf,
  loadLinesOf,
  loadStatusOf,
  loadsByIds,
  lockGeneration,
  type NewLine,
  recomputeTotals,
  unsettledLoadsOf,
  updateLine,
  updateSettlement,
  workerTypesOf,
} from "./settlements.repo";

const loadLineRow = (settlementId: string, line: LoadLineValues, userId: string | null): NewLine => ({
  settlementId,
  section: "earning" as const,
  kind: "load" as const,
  description: line.description,
  amount: line.amount,
  loadId: line.loadId,
  payType: line.payType,
  payRate: line.payRate,
  percentageBase: line.percentageBase,
  baseAmount: line.baseAmount,
  miles: line.miles,
  fromDriverDefault: line.fromDriverDefault,
  createdBy: userId,
});

/**
 * Making and keeping drafts (decision 025): a period's drafts from the completed loads, a load
 * added by hand, the load lines recomputed after a rate is fixed, the draft's notes. A load sits
 * on one live line only (partial unique index `settlement_lines_live_load`).
 */
export function createGenerationService({ db, config }: Deps) {
  const get = (actor: Actor, id: string) => readSettlement(db, actor, id);

  return {
    /**
     * Drafts for every driver with completed loads in the period that no settlement holds, or a
     * shortfall carried from an earlier settlement. A driver's draft for the period gains loads
     * completed since; an approved or paid one is left alone. Running it twice adds nothing.
     */
    async generate(actor: Actor, input: GenerateInput): Promise<GenerateResult> {
      const settings = await readSettings(db);
      const period = { start: input.periodStart, end: input.periodEnd };
      if (!isPeriodOf(period, ruleOf(settings))) {
        throw badRequest(SETTLEMENT_MESSAGES.periodInvalid, {
          fields: { periodStart: SETTLEMENT_MESSAGES.periodInvalid },
        });
      }
      return db.transaction(async (tx) => {
        // One generation per period at a time: a second click waits and then finds everything done.
        await lockGeneration(tx);
        const loads = await eligibleLoads(tx, period, config.company.timeZone);
        const carrying = await driversCarrying(tx, period.start);
        const driverIds = [...new Set([...loads.map((l) => l.driverId), ...carrying])];
        if (!driverIds.length) return { created: 0, updated: 0, unchanged: 0 };
        const existing = await liveSettlementsOf(tx, period.start, driverIds);
        const byDriver = new Map(existing.map((e) => [e.driver_id, e]));
        const workerType = await workerTypesOf(tx, driverIds);
        const created = await insertDrafts(
          tx,
          driverIds.filter((d) => !byDriver.has(d)),
          period,
          actor.userId,
        );
        const target = new Map<string, string>(created.map((c) => [c.driverId, c.id]));
        let updated = 0;
        let unchanged = 0;
        for (const [driverId, e] of byDriver) {
          if (e.status !== "draft") {
            unchanged += 1;
            continue;
          }
          if (loads.some((l) => l.driverId === driverId)) {
            target.set(driverId, e.id);
            updated += 1;
          } else unchanged += 1;
        }
        await insertLines(
          tx,
          loads
            .filter((l) => target.has(l.driverId))
            .map((l) =>
              loadLineRow(
                target.get(l.driverId) as string,
                loadLine(l, settings.percentageBase),
                actor.userId,
              ),
            ),
        );
        for (const c of created) {
          await openingLines(
            tx,
            c.id,
            { id: c.driverId, workerType: workerType.get(c.driverId) ?? "company" },
            period,
            settings,
            config.company.timeZone,
            actor.userId,
          );
        }
        await recomputeTotals(tx, [...target.values()]);
        await recordAudit(tx, actor, {
          action: "settlement.generated",
          targetType: "settlement",
          targetLabel: periodLine(period.start, period.end),
          details: { from: period.start, to: period.end, imported: created.length, replaced: updated },
        });
        return { created: created.length, updated, unchanged };
      });
    },

    async addLoad(actor: Actor, id: string, loadId: string): Promise<Settlement> {
      try {
        await db.transaction(async (tx) => {
          const s = await lockDraft(tx, id);
          const settings = await readSettings(tx);
          const [load] = (await loadsByIds(tx, [loadId])).filter((l) => l.driverId === s.driverId);
          if (!load || (await loadStatusOf(tx, loadId)) !== "completed") {
            throw badRequest(SETTLEMENT_MESSAGES.loadNotEligible, {
              fields: { loadId: SETTLEMENT_MESSAGES.loadNotEligible },
            });
          }
          await insertLines(tx, [loadLineRow(id, loadLine(load, settings.percentageBase), actor.userId)]);
          await recomputeTotals(tx, [id]);
          await auditSettlement(tx, actor, "settlement.changed", s, { loadNumber: load.loadNumber });
        });
      } catch (err) {
        if (uniqueViolation(err) === "settlement_lines_live_load")
          throw conflict(SETTLEMENT_MESSAGES.loadSettled, "LOAD_ALREADY_SETTLED");
        throw err;
      }
      return get(actor, id);
    },

    /** Recomputes a draft's load lines from the loads and driver as they are now (after fixing a rate). */
    async refresh(actor: Actor, id: string): Promise<Settlement> {
      await db.transaction(async (tx) => {
        await lockDraft(tx, id);
        const settings = await readSettings(tx);
        const lines = await loadLinesOf(tx, id);
        const loads = new Map(
          (
            await loadsByIds(
              tx,
              lines.flatMap((l) => (l.loadId ? [l.loadId] : [])),
            )
          ).map((l) => [l.id, l]),
        );
        for (const line of lines) {
          const load = line.loadId ? loads.get(line.loadId) : undefined;
          if (!load) continue;
          const v = loadLine(load, settings.percentageBase);
          await updateLine(tx, line.id, {
            description: v.description,
            amount: v.amount,
            payType: v.payType,
            payRate: v.payRate,
            percentageBase: v.percentageBase,
            baseAmount: v.baseAmount,
            miles: v.miles,
            fromDriverDefault: v.fromDriverDefault,
          });
        }
        await recomputeTotals(tx, [id]);
      });
      return get(actor, id);
    },

    async setNotes(actor: Actor, id: string, notes: string): Promise<Settlement> {
      await db.transaction(async (tx) => {
        await lockDraft(tx, id);
        await updateSettlement(tx, id, { notes });
      });
      return get(actor, id);
    },

    /** The driver's completed loads no live settlement holds, to add to a draft by hand. */
    async unsettledLoads(id: string): Promise<UnsettledLoad[]> {
      const s = await findSettlement(db, id);
      if (!s) throw notFound("The settlement");
      const rows = await unsettledLoadsOf(db, s.driverId);
      return rows.map((r) => ({
        id: r.id,
        loadNumber: r.load_number,
        deliveredAt: isoOf(r.delivered_at),
        pickupCity: r.pickup_city,
        deliveryCity: r.delivery_city,
      }));
    },
  };
}
