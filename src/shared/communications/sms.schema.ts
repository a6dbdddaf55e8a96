import { pageQuerySchema, pageSchema } from "@shared/api/api.schema";
import { z } from "zod";
import { CONSENT_METHODS, CONSENT_STATUSES, SMS_BODY_MAX } from "./sms";

const ids = z.array(z.string().min(1).max(64)).max(1000).default([]);

const smsAudience = z.object({
  drivers: z.enum(["none", "all", "chosen"]).default("none"),
  driverIds: ids,
  customers: z.enum(["none", "all", "chosen"]).default("none"),
  customerIds: ids,
});

/** An SMS blast to drivers and customers' contacts with a phone number and recorded consent. */
export const smsBlastInputSchema = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, { message: "Write the message." })
      .max(SMS_BODY_MAX, { message: `A text is at most ${SMS_BODY_MAX} characters.` }),
    audience: smsAudience,
  })
  .refine((v) => v.audience.drivers !== "none" || v.audience.customers !== "none", {
    path: ["audience"],
    message: "Choose who receives it.",
  });
export type SmsBlastInput = z.output<typeof smsBlastInputSchema>;

/**
 * What a blast did, in counts, so the screen says what happened: texts queued for the provider
 * (each waits for its recipient's hours), texts not sent because no provider is set up, and the
 * recipients skipped (no phone number, or no recorded consent).
 */
export const smsBlastResultSchema = z.object({
  id: z.string(),
  queued: z.number().int(),
  notSent: z.number().int(),
  skipped: z.number().int(),
  providerConfigured: z.boolean(),
});
export type SmsBlastResult = z.infer<typeof smsBlastResultSchema>;
export const smsAudienceSchema = z.object({ audience: smsAudience });

export const smsPreviewSchema = z.object({
  count: z.number().int(),
  /** "No Phone Number": skipped. */
  noPhone: z.array(z.object({ kind: z.enum(["driver", "contact"]), name: z.string(), detail: z.string() })),
  /** Numbers without recorded consent (or opted out): never texted. */
  noConsent: z.number().int(),
  providerConfigured: z.boolean(),
  /** The name every text starts with. */
  company: z.string(),
});
export type SmsPreview = z.infer<typeof smsPreviewSchema>;

export const consentInputSchema = z.object({
  phone: z.string().trim().min(1, { message: "Enter a valid phone number." }).max(40),
  name: z.string().trim().max(120).default(""),
  status: z.enum(["opted_in", "opted_out"]),
  method: z.enum(CONSENT_METHODS),
  note: z.string().trim().max(500).default(""),
});
export type ConsentInput = z.input<typeof consentInputSchema>;

export const consentSchema = z.object({
  phone: z.string(),
  name: z.string(),
  /** The customer's company, or "driver". */
  detail: z.string(),
  status: z.enum(CONSENT_STATUSES),
  method: z.enum(CONSENT_METHODS).nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string().nullable(),
  note: z.string(),
});
export type Consent = z.infer<typeof consentSchema>;
export const consentPageSchema = pageSchema(consentSchema);
export type ConsentPage = z.infer<typeof consentPageSchema>;

export const consentQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(CONSENT_STATUSES).optional(),
});
export type ConsentQuery = z.infer<typeof consentQuerySchema>;

export const consentRecordedSchema = z.object({ phone: z.string() });
export type ConsentRecorded = z.infer<typeof consentRecordedSchema>;

export const importResultSchema = z.object({ imported: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;
