import { can } from "@shared/access";
import { isMaskedTaxId, maskTaxId } from "@shared/drivers/management.schema";
import type { PeriodRule } from "@shared/settlements/pay";
import type { PaySettings, PaySettingsValues } from "@shared/settlements/settlements.schema";
import type { Tx } from "../../db/client";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { iso } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { paySettingsRow, savePaySettings } from "./settlements.repo";

/** The rules before anyone saved them: weekly periods ending Sunday, percentage of the total rate. */
const DEFAULT_SETTINGS = {
  frequency: "weekly",
  endWeekday: 0,
  percentageBase: "total",
  chargeBackCitations: false,
  deductFuelCard: true,
  payerTin: "",
  updatedAt: null,
} as const satisfies PaySettings;

/** The company's pay rules (pay period, percentage base, what a draft deducts, the payer's EIN). */
export async function readSettings(tx: Tx): Promise<PaySettings> {
  const row = await paySettingsRow(tx);
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    frequency: row.frequency,
    endWeekday: row.endWeekday,
    percentageBase: row.percentageBase,
    chargeBackCitations: row.chargeBackCitations,
    deductFuelCard: row.deductFuelCard,
    payerTin: row.payerTin,
    updatedAt: iso(row.updatedAt),
  };
}

export const ruleOf = (s: PaySettings): PeriodRule => ({ frequency: s.frequency, endWeekday: s.endWeekday });

/** The pay settings (`/api/pay-settings`); the load line rule itself is `pay-lines.ts`. */
export function createPayRulesService({ db }: Pick<Deps, "db">) {
  /** The settings, with the payer's EIN masked for whoever may not read tax ids. */
  async function settings(actor: Actor): Promise<PaySettings> {
    const s = await readSettings(db);
    return can(actor, "drivers:taxId") ? s : { ...s, payerTin: maskTaxId(s.payerTin) ?? "" };
  }

  return {
    readSettings: () => readSettings(db),
    settings,

    async updateSettings(actor: Actor, input: PaySettingsValues): Promise<PaySettings> {
      await db.transaction(async (tx) => {
        const current = await readSettings(tx);
        // A masked EIN sent back unchanged keeps the stored one.
        const payerTin = isMaskedTaxId(input.payerTin) ? current.payerTin : input.payerTin;
        await savePaySettings(tx, {
          frequency: input.frequency,
          endWeekday: input.endWeekday,
          percentageBase: input.percentageBase,
          chargeBackCitations: input.chargeBackCitations,
          deductFuelCard: input.deductFuelCard,
          payerTin,
          updatedBy: actor.userId,
          updatedAt: new Date(),
        });
        await recordAudit(tx, actor, {
          action: "pay_settings.updated",
          targetType: "pay_settings",
          targetLabel: input.frequency,
          details: { kind: input.frequency, changed: payerTin !== current.payerTin ? ["payerTin"] : [] },
        });
      });
      return settings(actor);
    },
  };
}
