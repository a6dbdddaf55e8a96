import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { emailSchema } from "../auth/auth.schema";

/**
 * Certificates of insurance (/accounting/coi-manager): the company's own certificates — the ACORD 25
 * data: producer, insurers with NAIC numbers, each policy with number, dates and limits — and those
 * received from owner-operators and vendors; and the certificate holders (customers, brokers) who ask
 * for a certificate naming them.
 */

/** Ours (issued by our agent) or received from someone working for us. */
export const CERTIFICATE_DIRECTIONS = ["company", "received"] as const;
export type CertificateDirection = (typeof CERTIFICATE_DIRECTIONS)[number];

export const CERTIFICATE_PARTIES = ["owner_operator", "vendor", "other"] as const;
export type CertificateParty = (typeof CERTIFICATE_PARTIES)[number];

/** The ACORD 25 coverage lines a carrier carries. */
export const POLICY_KINDS = [
  "auto_liability",
  "motor_truck_cargo",
  "general_liability",
  "workers_compensation",
  "umbrella",
] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

/** The limits ACORD 25 prints for each line (amounts in dollars). */
export const POLICY_LIMITS = {
  auto_liability: [
    "combined_single_limit",
    "bodily_injury_per_person",
    "bodily_injury_per_accident",
    "property_damage",
  ],
  motor_truck_cargo: ["cargo_limit", "deductible"],
  general_liability: [
    "each_occurrence",
    "damage_to_rented_premises",
    "medical_expense",
    "personal_advertising_injury",
    "general_aggregate",
    "products_completed_operations",
  ],
  workers_compensation: ["el_each_accident", "el_disease_each_employee", "el_disease_policy_limit"],
  umbrella: ["each_occurrence", "aggregate"],
} as const satisfies Record<PolicyKind, readonly string[]>;
export type LimitName = (typeof POLICY_LIMITS)[PolicyKind][number];
export const LIMIT_NAMES = [...new Set(Object.values(POLICY_LIMITS).flat())] as LimitName[];

/** Every limit name as an optional field of `value` (an object, not a record: the limits are known). */
function limitFields<T extends z.ZodType>(value: T) {
  return Object.fromEntries(LIMIT_NAMES.map((name) => [name, value.optional()])) as Record<
    LimitName,
    z.ZodOptional<T>
  >;
}

export const INSURER_LETTERS = ["A", "B", "C", "D", "E", "F"] as const;

/** A holder's request moves requested → issued (the agent's certificate attached) → sent (emailed). */
export const REQUEST_STATUSES = ["requested", "issued", "sent"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const HOLDER_KINDS = ["customer", "broker", "other"] as const;
export type HolderKind = (typeof HOLDER_KINDS)[number];

/** Lapsing: a certificate that expires within this many days (or has expired). */
export const CERTIFICATE_LAPSE_DAYS = 30;
export const CERTIFICATE_MAX_BYTES = 20 * 1024 * 1024;
export const CERTIFICATE_FILE_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;

export const CERTIFICATE_MESSAGES = {
  insuredRequired: "Enter the insured's name.",
  producerRequired: "Enter the producer (the agency).",
  insurerName: "Enter the insurer's name.",
  naic: "A NAIC number has five digits.",
  letterTaken: "Each insurer has its own letter.",
  policyRequired: "Add at least one policy.",
  policyNumber: "Enter the policy number.",
  insurerLetter: "Choose an insurer listed above.",
  dates: "Enter the effective and expiry dates.",
  datesOrder: "The expiry date must be after the effective date.",
  limit: "Enter an amount in dollars, e.g. 1000000.",
  partyRequired: "Enter who gave you this certificate.",
  holderName: "Enter the certificate holder's name.",
  holderEmail: "Enter a valid email address.",
  customerRequired: "Choose the customer.",
  fileRequired: "Attach the certificate the agent issued.",
  noFile: "Attach the issued certificate before sending it.",
  noEmail: "No Email Found",
} as const;

const day = z.iso.date({ message: CERTIFICATE_MESSAGES.dates });
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: CERTIFICATE_MESSAGES.limit });

export const insurerSchema = z.object({
  letter: z.enum(INSURER_LETTERS),
  name: z.string().trim().min(1, { message: CERTIFICATE_MESSAGES.insurerName }).max(200),
  naic: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{5}$/, { message: CERTIFICATE_MESSAGES.naic }),
      z.literal(""),
    ])
    .default(""),
});
export type Insurer = z.infer<typeof insurerSchema>;

export const policySchema = z
  .object({
    kind: z.enum(POLICY_KINDS),
    insurerLetter: z.enum(INSURER_LETTERS, { message: CERTIFICATE_MESSAGES.insurerLetter }),
    number: z.string().trim().min(1, { message: CERTIFICATE_MESSAGES.policyNumber }).max(60),
    effectiveOn: day,
    expiresOn: day,
    /** Limit name → whole-dollar (or cents) amount as a decimal string; empty limits are left out. */
    limits: z.object(limitFields(z.union([amount, z.literal("")]))).default({}),
  })
  .superRefine((p, ctx) => {
    if (p.expiresOn <= p.effectiveOn) {
      ctx.addIssue({ code: "custom", path: ["expiresOn"], message: CERTIFICATE_MESSAGES.datesOrder });
    }
    const allowed: readonly string[] = POLICY_LIMITS[p.kind];
    for (const [name, value] of Object.entries(p.limits)) {
      if (value && !allowed.includes(name)) {
        ctx.addIssue({ code: "custom", path: ["limits", name], message: CERTIFICATE_MESSAGES.limit });
      }
    }
  })
  .transform((p) => ({
    ...p,
    limits: Object.fromEntries(Object.entries(p.limits).filter(([, v]) => v !== "")) as Record<
      string,
      string
    >,
  }));
export type PolicyInput = z.input<typeof policySchema>;
export type Policy = z.output<typeof policySchema>;

export const certificateInputSchema = z
  .object({
    direction: z.enum(CERTIFICATE_DIRECTIONS),
    /** Received only: who gave it. */
    partyKind: z.enum(CERTIFICATE_PARTIES).nullable().default(null),
    partyName: z.string().trim().max(200).default(""),
    insuredName: z.string().trim().min(1, { message: CERTIFICATE_MESSAGES.insuredRequired }).max(200),
    producerName: z.string().trim().min(1, { message: CERTIFICATE_MESSAGES.producerRequired }).max(200),
    producerAddress: z.string().trim().max(400).default(""),
    producerContact: z.string().trim().max(200).default(""),
    insurers: z.array(insurerSchema).min(1, { message: CERTIFICATE_MESSAGES.insurerName }).max(6),
    policies: z.array(policySchema).min(1, { message: CERTIFICATE_MESSAGES.policyRequired }).max(10),
    notes: z.string().trim().max(2000).default(""),
  })
  .superRefine((c, ctx) => {
    const letters = c.insurers.map((i) => i.letter);
    letters.forEach((l, i) => {
      if (letters.indexOf(l) !== i) {
        ctx.addIssue({
          code: "custom",
          path: ["insurers", i, "letter"],
          message: CERTIFICATE_MESSAGES.letterTaken,
        });
      }
    });
    c.policies.forEach((p, i) => {
      if (!letters.includes(p.insurerLetter)) {
        ctx.addIssue({
          code: "custom",
          path: ["policies", i, "insurerLetter"],
          message: CERTIFICATE_MESSAGES.insurerLetter,
        });
      }
    });
    if (c.direction === "received" && !c.partyName) {
      ctx.addIssue({ code: "custom", path: ["partyName"], message: CERTIFICATE_MESSAGES.partyRequired });
    }
  });
export type CertificateInput = z.input<typeof certificateInputSchema>;
export type CertificateValues = z.output<typeof certificateInputSchema>;

/** The earliest policy expiry: the day the certificate stops proving all its coverage. */
export const certificateExpiry = (policies: Array<{ expiresOn: string }>): string | null =>
  policies.reduce<string | null>((min, p) => (min === null || p.expiresOn < min ? p.expiresOn : min), null);

const fileSchema = z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() });

export const certificateSchema = z.object({
  id: z.string(),
  direction: z.enum(CERTIFICATE_DIRECTIONS),
  partyKind: z.enum(CERTIFICATE_PARTIES).nullable(),
  partyName: z.string(),
  insuredName: z.string(),
  producerName: z.string(),
  producerAddress: z.string(),
  producerContact: z.string(),
  insurers: z.array(insurerSchema),
  policies: z.array(
    z.object({
      kind: z.enum(POLICY_KINDS),
      insurerLetter: z.enum(INSURER_LETTERS),
      number: z.string(),
      effectiveOn: z.string(),
      expiresOn: z.string(),
      limits: z.object(limitFields(z.string())),
    }),
  ),
  expiresOn: z.string().nullable(),
  file: fileSchema.nullable(),
  notes: z.string(),
  /** Holders' requests made on this certificate. */
  holders: z.number().int(),
  createdAt: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const CERTIFICATE_SORTS = ["expiresOn", "insuredName", "createdAt"] as const;
export const certificateFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  direction: z.enum(CERTIFICATE_DIRECTIONS).optional(),
  expiry: z.enum(["expired", "lapsing", "valid"]).optional(),
  sort: z.enum(CERTIFICATE_SORTS).default("expiresOn"),
  dir: z.enum(["asc", "desc"]).default("asc"),
});
export type CertificateFilter = z.infer<typeof certificateFilterSchema>;
export const certificateListQuerySchema = pageQuerySchema.extend(certificateFilterSchema.shape);
export type CertificateListQuery = z.infer<typeof certificateListQuerySchema>;
export const certificatePageSchema = pageSchema(certificateSchema).extend({
  counts: z.object({ expired: z.number().int(), lapsing: z.number().int() }),
});
export type CertificatePage = z.infer<typeof certificatePageSchema>;

// ---- Certificate holders' requests ----

export const holderRequestInputSchema = z
  .object({
    holderName: z.string().trim().min(1, { message: CERTIFICATE_MESSAGES.holderName }).max(200),
    holderKind: z.enum(HOLDER_KINDS),
    customerId: z
      .union([z.uuid(), z.literal("")])
      .nullable()
      .optional()
      .transform((v) => v || null),
    holderEmail: z.union([emailSchema, z.literal("")]).default(""),
    holderAddress: z.string().trim().max(400).default(""),
    certificateId: z
      .union([z.uuid(), z.literal("")])
      .nullable()
      .optional()
      .transform((v) => v || null),
    requestedOn: z.iso.date({ message: CERTIFICATE_MESSAGES.dates }),
    notes: z.string().trim().max(2000).default(""),
  })
  // A "Customer" holder is one of ours, chosen from the list (its record is what the request names).
  .refine((v) => v.holderKind !== "customer" || v.customerId !== null, {
    path: ["customerId"],
    message: CERTIFICATE_MESSAGES.customerRequired,
  });
export type HolderRequestInput = z.input<typeof holderRequestInputSchema>;
export type HolderRequestValues = z.output<typeof holderRequestInputSchema>;

export const holderRequestSchema = z.object({
  id: z.string(),
  holderName: z.string(),
  holderKind: z.enum(HOLDER_KINDS),
  customerId: z.string().nullable(),
  holderEmail: z.string(),
  holderAddress: z.string(),
  certificateId: z.string().nullable(),
  /** The company certificate it rests on: its insured name and earliest expiry. */
  certificateLabel: z.string().nullable(),
  expiresOn: z.string().nullable(),
  /** The certificate expires within the lapse window or has expired. */
  lapsing: z.boolean(),
  requestedOn: z.string(),
  status: z.enum(REQUEST_STATUSES),
  file: fileSchema.nullable(),
  sentAt: z.string().nullable(),
  sentTo: z.string().nullable(),
  notes: z.string(),
});
export type HolderRequest = z.infer<typeof holderRequestSchema>;

export const HOLDER_SORTS = ["requestedOn", "holderName", "expiresOn"] as const;
export const holderFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  lapsing: z.enum(["true"]).optional(),
  sort: z.enum(HOLDER_SORTS).default("requestedOn"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type HolderFilter = z.infer<typeof holderFilterSchema>;
export const holderListQuerySchema = pageQuerySchema.extend(holderFilterSchema.shape);
export type HolderListQuery = z.infer<typeof holderListQuerySchema>;
export const holderPageSchema = pageSchema(holderRequestSchema).extend({
  counts: z.object({ requested: z.number().int(), lapsing: z.number().int() }),
});
export type HolderPage = z.infer<typeof holderPageSchema>;

export const sendCertificateResultSchema = z.object({
  sentTo: z.string(),
  mail: z.enum(["stored", "sent", "failed"]),
});
export type SendCertificateResult = z.infer<typeof sendCertificateResultSchema>;
