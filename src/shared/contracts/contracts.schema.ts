import { z } from "zod";
import { itemsSchema, pageQuerySchema, pageSchema } from "../api/api.schema";
import { emailSchema, passwordSchema } from "../auth/auth.schema";

/**
 * Contracts (/accounting/contracts) and their public signing page (/public/contract/:token):
 * the spec's fields (title, type, driver, expiry date, content, attachment, status) plus the signer's
 * name and email; statuses draft → sent → signed → expired (spec section 4).
 */

/** Spec section 9. */
export const CONTRACT_TYPES = ["employment", "lease", "independent", "custom"] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** Spec section 4. */
export const CONTRACT_STATUSES = ["draft", "sent", "signed", "expired"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** What the signing record keeps, in order: the final page of the signed PDF. */
export const CONTRACT_EVENT_KINDS = [
  "created",
  "sent",
  "link_revoked",
  "viewed",
  "signed",
  "account_created",
  "expired",
  /** Duplicated with new dates as a new draft: data.contractId, data.title name the other contract. */
  "renewed",
] as const;
export type ContractEventKind = (typeof CONTRACT_EVENT_KINDS)[number];

/**
 * A contract past its expiry date is expired whatever its signature state (draft, sent or signed):
 * every read derives it from the date against the company's day, so it never waits for the hourly job
 * that stores it.
 */
export function contractStatusOn(
  status: ContractStatus,
  expiresOn: string | null,
  today: string,
): ContractStatus {
  return expiresOn !== null && expiresOn < today ? "expired" : status;
}

/** A signing link lives this long unless re-sent or withdrawn. */
export const CONTRACT_LINK_DAYS = 14;
/** After signing, the page may create the driver's account for this long. */
export const CONTRACT_ACCOUNT_WINDOW_MINUTES = 60;
/** Managers hear of a signed contract this many days before it expires. */
export const CONTRACT_EXPIRY_NOTICE_DAYS = 30;
/** The drawn signature arrives as a PNG data URL of at most this many bytes. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
export const CONTRACT_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const CONTRACT_ATTACHMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;

/**
 * The merge fields a template may hold; the server fills them when a template is applied. Written
 * `{{field}}` in the content.
 */
export const MERGE_FIELDS = [
  "driver_name",
  "signer_name",
  "company_name",
  "company_address",
  "pay_type",
  "pay_rate",
  "start_date",
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** The public links' request budget per client address. */
export const CONTRACT_RATE_LIMITS = {
  view: { limit: 30, windowSeconds: 60 },
  sign: { limit: 10, windowSeconds: 10 * 60 },
} as const;

/**
 * The ESIGN Act (15 U.S.C. § 7001) and UETA disclosure the signer accepts before signing: the stored
 * record says this text was shown.
 */
export const ESIGN_DISCLOSURE_VERSION = "2026-11";

export const CONTRACT_MESSAGES = {
  titleRequired: "Enter the contract's title.",
  typeRequired: "Choose the contract type.",
  signerNameRequired: "Enter the signer's name.",
  signerEmail: "Enter a valid email address.",
  contentRequired: "Write the contract's content.",
  dateFormat: "Enter a valid date.",
  /** Spec section 5. */
  signature: "Please provide a signature.",
  consent: "Agree to sign electronically to continue.",
  fullName: "Type your full name as your signature.",
  notEditable: "Only a draft can be changed. Withdraw the sent contract first.",
  notSendable: "A signed or expired contract cannot be sent again.",
  invalidLink: "This signing link is not valid. It may have expired, been replaced or already used.",
  changed: "The contract changed while it was open. Reload the page and read it again.",
  accountNotOffered: "An account cannot be created from this link.",
  accountExists: "This driver already has an account.",
  noSigner: "The contract has no signer's email.",
  expiryPast: "The expiry date has passed. Choose today or a later date.",
  expiryBeforeStart: "The expiry date must be on or after the start date.",
  expiryRequired: "Enter the new expiry date.",
  /** Sending, editing or signing a contract past its expiry date. */
  expired: "This contract has expired. Renew it with new dates to send it again.",
  /** The public page of a contract past its expiry date. */
  linkExpired: "This contract has expired and can no longer be opened or signed here.",
  notRenewable: "Only a signed or expired contract can be renewed.",
} as const;

const optionalDate = z
  .union([z.iso.date({ message: CONTRACT_MESSAGES.dateFormat }), z.literal("")])
  .nullable()
  .optional()
  .transform((v) => v || null);

export const contractInputSchema = z.object({
  title: z
    .string({ message: CONTRACT_MESSAGES.titleRequired })
    .trim()
    .min(1, { message: CONTRACT_MESSAGES.titleRequired })
    .max(200, { message: "At most 200 characters." }),
  type: z.enum(CONTRACT_TYPES, { message: CONTRACT_MESSAGES.typeRequired }),
  driverId: z
    .union([z.uuid({ message: "Choose a driver." }), z.literal("")])
    .nullable()
    .optional()
    .transform((v) => v || null),
  signerName: z
    .string({ message: CONTRACT_MESSAGES.signerNameRequired })
    .trim()
    .min(1, { message: CONTRACT_MESSAGES.signerNameRequired })
    .max(200, { message: "At most 200 characters." }),
  signerEmail: emailSchema,
  startsOn: optionalDate,
  expiresOn: optionalDate,
  content: z
    .string({ message: CONTRACT_MESSAGES.contentRequired })
    .trim()
    .min(1, { message: CONTRACT_MESSAGES.contentRequired })
    .max(100_000, { message: "At most 100,000 characters." }),
});
export type ContractInput = z.input<typeof contractInputSchema>;
export type ContractValues = z.output<typeof contractInputSchema>;

/** Renewing: the same contract as a new draft with new dates (the expiry required and not past). */
export const renewContractSchema = z
  .object({
    startsOn: optionalDate,
    expiresOn: z.iso.date({ message: CONTRACT_MESSAGES.expiryRequired }),
  })
  .refine((v) => !v.startsOn || v.expiresOn >= v.startsOn, {
    path: ["expiresOn"],
    message: CONTRACT_MESSAGES.expiryBeforeStart,
  });
export type RenewContractInput = z.input<typeof renewContractSchema>;

export const contractFileSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const contractEventSchema = z.object({
  kind: z.enum(CONTRACT_EVENT_KINDS),
  at: z.string(),
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** A renewal's other contract (on "renewed", and on a renewal's "created"). */
  related: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type ContractEvent = z.infer<typeof contractEventSchema>;

export const contractSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(CONTRACT_TYPES),
  status: z.enum(CONTRACT_STATUSES),
  driver: z.object({ id: z.string(), name: z.string(), hasAccount: z.boolean() }).nullable(),
  signerName: z.string(),
  signerEmail: z.string(),
  startsOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  content: z.string(),
  attachment: contractFileSchema.nullable(),
  sentAt: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  signedName: z.string().nullable(),
  contentSha256: z.string().nullable(),
  hasSignedPdf: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractDetailSchema = contractSchema.extend({ events: z.array(contractEventSchema) });
export type ContractDetail = z.infer<typeof contractDetailSchema>;

export const CONTRACT_SORTS = ["updatedAt", "title", "expiresOn", "status"] as const;
export const contractFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  type: z.enum(CONTRACT_TYPES).optional(),
  sort: z.enum(CONTRACT_SORTS).default("updatedAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type ContractFilter = z.infer<typeof contractFilterSchema>;
export const contractListQuerySchema = pageQuerySchema.extend(contractFilterSchema.shape);
export type ContractListQuery = z.infer<typeof contractListQuerySchema>;
export const contractPageSchema = pageSchema(contractSchema).extend({
  counts: z.object(
    Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, z.number().int()])) as {
      [K in ContractStatus]: z.ZodNumber;
    },
  ),
});
export type ContractPage = z.infer<typeof contractPageSchema>;

/** What sending answers: the link, shown to staff once (only its hash is kept). */
export const sentContractSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  mail: z.enum(["stored", "sent", "failed"]),
});
export type SentContract = z.infer<typeof sentContractSchema>;

export const contractTemplateSchema = z.object({
  type: z.enum(CONTRACT_TYPES),
  content: z.string(),
  updatedAt: z.string().nullable(),
});
export type ContractTemplate = z.infer<typeof contractTemplateSchema>;
export const contractTemplatesSchema = itemsSchema(contractTemplateSchema);
export const contractTemplateInputSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, { message: CONTRACT_MESSAGES.contentRequired })
    .max(100_000, { message: "At most 100,000 characters." }),
});

/** Fill a template for a driver (or a named signer) on a start date. */
export const mergeQuerySchema = z.object({
  type: z.enum(CONTRACT_TYPES),
  driverId: z.uuid().optional(),
  signerName: z.string().trim().max(200).optional(),
  startsOn: z.iso.date().optional(),
});
export const mergedTemplateSchema = z.object({ content: z.string() });
export type MergedTemplate = z.infer<typeof mergedTemplateSchema>;

// ---- The public signing page ----

export const contractTokenParamsSchema = z.object({
  token: z
    .string()
    .min(20)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const publicContractSchema = z.object({
  title: z.string(),
  type: z.enum(CONTRACT_TYPES),
  companyName: z.string(),
  signerName: z.string(),
  signerEmail: z.string(),
  content: z.string(),
  attachment: contractFileSchema.nullable(),
  /** The SHA-256 of exactly what is shown (title, content, attachment): the signature is bound to it. */
  contentSha256: z.string(),
  linkExpiresAt: z.string(),
  disclosureVersion: z.string(),
  /**
   * Once signed, the signer reopening their link (while it is valid) reads a copy: the signature, who
   * signed and when, the signed PDF, and the account offer while its window is open.
   */
  signed: z
    .object({
      signedAt: z.string(),
      signedName: z.string(),
      /** The drawn signature as a PNG data URL. */
      signature: z.string().nullable(),
      hasSignedPdf: z.boolean(),
      account: z.object({ email: z.string(), name: z.string() }).nullable(),
    })
    .nullable(),
});
export type PublicContract = z.infer<typeof publicContractSchema>;

export const signContractSchema = z.object({
  consent: z.literal(true, { message: CONTRACT_MESSAGES.consent }),
  fullName: z
    .string({ message: CONTRACT_MESSAGES.fullName })
    .trim()
    .min(2, { message: CONTRACT_MESSAGES.fullName })
    .max(200, { message: "At most 200 characters." }),
  /** A PNG data URL of the drawn signature; empty is "Please provide a signature." */
  signature: z
    .string({ message: CONTRACT_MESSAGES.signature })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { message: CONTRACT_MESSAGES.signature })
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 30, { message: CONTRACT_MESSAGES.signature }),
  contentSha256: z.string().regex(/^[0-9a-f]{64}$/, { message: CONTRACT_MESSAGES.changed }),
});
export type SignContractInput = z.input<typeof signContractSchema>;

export const signedContractSchema = z.object({
  signedAt: z.string(),
  /** A driver without a sign-in account may create one next, with this email (never editable). */
  account: z.object({ email: z.string(), name: z.string() }).nullable(),
});
export type SignedContract = z.infer<typeof signedContractSchema>;

export const contractAccountSchema = z.object({ password: passwordSchema });
export const contractAccountResultSchema = z.object({ email: z.string() });
export type ContractAccountResult = z.infer<typeof contractAccountResultSchema>;
