import type { Language } from "@shared/i18n/i18n.config";
import { DEFAULT_LOAD_COMPLETION, type LoadCompletion } from "@shared/loads/stops.schema";
import {
  type CompanySettings,
  type Currency,
  type companySettingsInputSchema,
  type DispatchSettings,
  type DispatchSettingsInput,
  LOGO_MAX_BYTES,
  LOGO_MAX_PIXELS,
  LOGO_TYPES,
  type Profile,
  type ProfileInput,
  SETTINGS_MESSAGES,
} from "@shared/settings/settings.schema";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { HttpError } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";
import { imageSize } from "../../platform/storage/image-size";
import { loadCompanySettings } from "./company-settings";

type CompanyInput = z.output<typeof companySettingsInputSchema>;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** Settings (issue 17): the company's profile and each user's own. */
export function createSettingsService(deps: Deps) {
  const { db, config, storage } = deps;

  async function company(tx: Db | Tx = db): Promise<CompanySettings> {
    const { rows } = await tx.execute<{
      updated_at: Date | string;
      updated_by_name: string | null;
      file_name: string | null;
      size: number | null;
    }>(sql`select c.updated_at, c.updated_by_name, f.file_name, f.size
      from company_settings c left join files f on f.id = c.logo_file_id where c.id = 1`);
    const r = rows[0];
    const c = config.company;
    return {
      name: c.name,
      address: c.address,
      phone: c.phone,
      email: c.email,
      usdot: c.usdot ?? "",
      mc: c.mc ?? "",
      timeZone: c.timeZone,
      currency: (c.currency ?? "USD") as Currency,
      logo: r?.file_name ? { fileName: r.file_name, size: r.size ?? 0 } : null,
      updatedAt: iso(r?.updated_at),
      updatedByName: r?.updated_by_name ?? null,
    };
  }

  /** Writes the row (the first save starts from the COMPANY_* defaults) and applies it here at once. */
  async function write(tx: Tx, actor: Actor, set: Partial<CompanyInput> & { logoFileId?: string | null }) {
    const c = config.company;
    const base = {
      name: c.name,
      address: c.address,
      phone: c.phone,
      email: c.email,
      usdot: c.usdot ?? "",
      mc: c.mc ?? "",
      timeZone: c.timeZone,
      currency: c.currency ?? "USD",
    };
    const v = { ...base, ...set };
    await tx.execute(sql`
      insert into company_settings (id, name, address, phone, email, usdot, mc, time_zone, currency, logo_file_id,
        updated_by, updated_by_name, updated_at)
      values (1, ${v.name}, ${v.address}, ${v.phone}, ${v.email}, ${v.usdot}, ${v.mc}, ${v.timeZone}, ${v.currency},
        ${set.logoFileId ?? null}, ${actor.userId}, ${actor.name}, now())
      on conflict (id) do update set name = excluded.name, address = excluded.address, phone = excluded.phone,
        email = excluded.email, usdot = excluded.usdot, mc = excluded.mc, time_zone = excluded.time_zone,
        currency = excluded.currency,
        logo_file_id = ${"logoFileId" in set ? sql`excluded.logo_file_id` : sql`company_settings.logo_file_id`},
        updated_by = excluded.updated_by, updated_by_name = excluded.updated_by_name, updated_at = now()`);
    const changed = (Object.keys(base) as (keyof typeof base)[]).filter((k) => base[k] !== v[k]);
    return changed;
  }

  async function dispatch(tx: Db | Tx = db): Promise<DispatchSettings> {
    const { rows } = await tx.execute<{
      load_completion: LoadCompletion;
      updated_at: Date | string;
      updated_by_name: string | null;
    }>(sql`select load_completion, updated_at, updated_by_name from dispatch_settings where id = 1`);
    const r = rows[0];
    return {
      loadCompletion: r?.load_completion ?? DEFAULT_LOAD_COMPLETION,
      updatedAt: iso(r?.updated_at),
      updatedByName: r?.updated_by_name ?? null,
    };
  }

  return {
    company: () => company(),
    dispatch: () => dispatch(),

    /** When a load checked in stop by stop counts as delivered (the loads module reads it); audited. */
    async saveDispatch(actor: Actor, input: DispatchSettingsInput): Promise<DispatchSettings> {
      await db.transaction(async (tx) => {
        const before = await dispatch(tx);
        await tx.execute(sql`
          insert into dispatch_settings (id, load_completion, updated_by_name, updated_at)
          values (1, ${input.loadCompletion}, ${actor.name}, now())
          on conflict (id) do update set load_completion = excluded.load_completion,
            updated_by_name = excluded.updated_by_name, updated_at = now()`);
        await recordAudit(tx, actor, {
          action: "settings.dispatch_saved",
          targetType: "company",
          targetLabel: config.company.name,
          details: { from: before.loadCompletion, to: input.loadCompletion },
        });
      });
      return dispatch();
    },

    async saveCompany(actor: Actor, input: CompanyInput): Promise<CompanySettings> {
      await db.transaction(async (tx) => {
        const changed = await write(tx, actor, input);
        await recordAudit(tx, actor, {
          action: "settings.company_saved",
          targetType: "company",
          targetLabel: input.name,
          details: { fields: changed.join(", ") },
        });
      });
      await loadCompanySettings(deps);
      return company();
    },

    /** The logo printed on every PDF: PNG or JPEG by content, at most 512 KB and 1,000,000 pixels. */
    async saveLogo(actor: Actor, file: File): Promise<CompanySettings> {
      if (file.size > LOGO_MAX_BYTES) throw new HttpError(413, "FILE_TOO_LARGE", SETTINGS_MESSAGES.logoSize);
      // Read from the header, before anything decodes it: 512 KB of PNG can declare gigabytes of pixels.
      const size = imageSize(new Uint8Array(await file.arrayBuffer()));
      if (size && size.width * size.height > LOGO_MAX_PIXELS)
        throw new HttpError(400, "LOGO_TOO_LARGE", SETTINGS_MESSAGES.logoPixels, {
          maxPixels: LOGO_MAX_PIXELS,
        });
      await db.transaction(async (tx) => {
        const stored = await storage
          .save(tx, file, { maxBytes: LOGO_MAX_BYTES, allowedTypes: LOGO_TYPES }, actor.userId)
          .catch((err: unknown) => {
            if (err instanceof HttpError && err.code === "FILE_TYPE_NOT_ALLOWED")
              throw new HttpError(415, "FILE_TYPE_NOT_ALLOWED", SETTINGS_MESSAGES.logoType);
            throw err;
          });
        await write(tx, actor, { logoFileId: stored.id });
        await recordAudit(tx, actor, {
          action: "settings.logo_saved",
          targetType: "company",
          targetLabel: config.company.name,
          details: { fileName: stored.fileName },
        });
      });
      await loadCompanySettings(deps);
      return company();
    },

    async removeLogo(actor: Actor): Promise<CompanySettings> {
      await db.transaction(async (tx) => {
        await write(tx, actor, { logoFileId: null });
        await recordAudit(tx, actor, {
          action: "settings.logo_removed",
          targetType: "company",
          targetLabel: config.company.name,
        });
      });
      await loadCompanySettings(deps);
      return company();
    },

    async profile(actor: Actor): Promise<Profile> {
      const { rows } = await db.execute<{
        name: string;
        email: string;
        phone: string;
        language: string | null;
        driver_phone: string | null;
        is_driver: boolean;
        customer_phone: string | null;
        is_customer: boolean;
      }>(sql`
        select u.name, u.email, au.phone, p.language,
          d.phone as driver_phone, d.id is not null as is_driver,
          c.phone as customer_phone, c.id is not null as is_customer
        from users u join app_users au on au.user_id = u.id
        left join user_preferences p on p.user_id = u.id
        left join drivers d on d.user_id = u.id
        left join customers c on c.user_id = u.id
        where u.id = ${actor.userId}`);
      const r = rows[0];
      const phoneOf = r?.is_driver ? "driver" : r?.is_customer ? "customer" : "profile";
      return {
        name: r?.name ?? actor.name,
        email: r?.email ?? actor.email,
        phone:
          (phoneOf === "driver" ? r?.driver_phone : phoneOf === "customer" ? r?.customer_phone : r?.phone) ??
          "",
        language: ((r?.language ?? "en") as Language) || "en",
        phoneOf,
      };
    },

    /** Name, phone (a driver's and a customer's on their record) and language; audited. */
    async saveProfile(actor: Actor, input: ProfileInput & { language: Language }): Promise<Profile> {
      const before = await this.profile(actor);
      await db.transaction(async (tx) => {
        // The users trigger (migration 0008) tells every instance's actor cache the name changed.
        await tx.execute(
          sql`update users set name = ${input.name}, updated_at = now() where id = ${actor.userId}`,
        );
        const phone = input.phone ?? "";
        if (before.phoneOf === "driver")
          await tx.execute(
            sql`update drivers set phone = nullif(${phone}, '') where user_id = ${actor.userId}`,
          );
        else if (before.phoneOf === "customer")
          await tx.execute(
            sql`update customers set phone = nullif(${phone}, '') where user_id = ${actor.userId}`,
          );
        else await tx.execute(sql`update app_users set phone = ${phone} where user_id = ${actor.userId}`);
        await tx.execute(sql`
          insert into user_preferences (user_id, language) values (${actor.userId}, ${input.language})
          on conflict (user_id) do update set language = excluded.language, updated_at = now()`);
        const fields = (["name", "phone", "language"] as const).filter(
          (k) => (before[k] ?? "") !== (input[k] ?? ""),
        );
        if (fields.length)
          await recordAudit(tx, actor, {
            action: "profile.updated",
            targetType: "user",
            targetId: actor.userId,
            targetLabel: input.name,
            details: { fields: fields.join(", ") },
          });
      });
      return this.profile(actor);
    },
  };
}
