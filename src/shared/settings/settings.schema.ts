import { emailSchema } from "@shared/auth/auth.schema";
import { LANGUAGES } from "@shared/i18n/i18n.config";
import { LOAD_COMPLETIONS } from "@shared/loads/stops.schema";
import { z } from "zod";

/** How money is shown (ISO 4217); amounts are never converted. */
export const CURRENCIES = ["USD", "CAD", "MXN"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ["image/png", "image/jpeg"] as const;
/** Every PDF decodes the logo to embed it: a logo is at most this many pixels (2000 × 500, 1000 × 1000). */
export const LOGO_MAX_PIXELS = 1_000_000;

export const SETTINGS_MESSAGES = {
  nameRequired: "Enter the company's legal name.",
  addressRequired: "Enter the company's address.",
  timeZone: "Choose a time zone such as America/Chicago.",
  usdot: "A USDOT number is 1 to 8 digits.",
  mc: "An MC number is 1 to 8 digits.",
  profileName: "Enter your name.",
  phone: "Enter a valid phone number.",
  logoType: "The logo must be a PNG or JPEG image.",
  logoSize: "The logo is larger than 512 KB.",
  logoPixels: "The logo is too large: at most 1,000,000 pixels, for example 2000 × 500.",
} as const;
const M = SETTINGS_MESSAGES;

/** Whether the runtime knows the IANA zone (the server's and the browser's Intl agree on the list). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.includes("/") || zone === "UTC";
  } catch {
    return false;
  }
}

const digits = (message: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/^(usdot|dot|mc)[\s#:-]*/i, ""))
    .refine((v) => v === "" || /^\d{1,8}$/.test(v), { message });
const phone = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === "" || /^[+()\d\s.-]{7,}$/.test(v), { message: M.phone });

/** Settings → Company: who the company is on every PDF and email, and its calendar. */
export const companySettingsInputSchema = z.object({
  name: z.string().trim().min(1, { message: M.nameRequired }).max(120),
  address: z.string().trim().min(1, { message: M.addressRequired }).max(300),
  phone,
  email: z.union([emailSchema, z.literal("")]).default(""),
  usdot: digits(M.usdot),
  mc: digits(M.mc),
  timeZone: z.string().trim().refine(isTimeZone, { message: M.timeZone }),
  currency: z.enum(CURRENCIES),
});
export type CompanySettingsInput = z.input<typeof companySettingsInputSchema>;
export const companySettingsSchema = companySettingsInputSchema.extend({
  logo: z.object({ fileName: z.string(), size: z.number().int() }).nullable(),
  /** null until someone saves them: the COMPANY_* settings (first-run defaults) apply. */
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** A user's own profile (Settings → Profile, and `/profile` for every role). */
export const profileInputSchema = z.object({
  name: z.string().trim().min(1, { message: M.profileName }).max(120),
  phone,
  language: z.enum(LANGUAGES),
});
export type ProfileInput = z.input<typeof profileInputSchema>;
export const profileSchema = profileInputSchema.extend({
  email: z.string(),
  /** Where the phone lives: a driver's and a customer's is their record's, shown to dispatch. */
  phoneOf: z.enum(["profile", "driver", "customer"]),
});
export type Profile = z.infer<typeof profileSchema>;

/** Settings → Company → Deliveries: when a load checked in stop by stop counts as delivered. */
export const dispatchSettingsInputSchema = z.object({ loadCompletion: z.enum(LOAD_COMPLETIONS) });
export type DispatchSettingsInput = z.infer<typeof dispatchSettingsInputSchema>;
export const dispatchSettingsSchema = dispatchSettingsInputSchema.extend({
  /** null until someone saves them: the default (on departure) applies. */
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type DispatchSettings = z.infer<typeof dispatchSettingsSchema>;
