import { createHash } from "node:crypto";
import {
  CONTRACT_ATTACHMENT_MAX_BYTES,
  CONTRACT_ATTACHMENT_TYPES,
  CONTRACT_LINK_DAYS,
  CONTRACT_MESSAGES,
  CONTRACT_TYPES,
  type Contract,
  type ContractDetail,
  type ContractEventKind,
  type ContractListQuery,
  type ContractPage,
  type ContractTemplate,
  type ContractType,
  type ContractValues,
  contractInputSchema,
  contractStatusOn,
  renewContractSchema,
  type SentContract,
} from "@shared/contracts/contracts.schema";
import { fillMergeFields } from "@shared/contracts/rich-text";
import { DEFAULT_TEMPLATES } from "@shared/contracts/templates";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { contractEvents, contractLinks, contracts, contractTemplates, drivers } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, fieldErrors, HttpError, notFound } from "../../http/errors";
import { chosenFile } from "../../http/files";
import { offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { companyDay } from "../../platform/company-day";
import { mailDateTime } from "../../platform/mail/mail-date";
import { signed } from "../../platform/mail/signature";
import { notifyUsers } from "../../platform/notifications/notify";
import { openStoredFile } from "../../platform/storage/storage";
import { createToken, hashToken } from "../../platform/tokens/tokens";
import {
  contractEventsOf,
  findContract,
  listContracts,
  revokeOpenLinks,
  statusCounts,
} from "./contracts.repo";

/**
 * What the signer's signature is bound to: the title, the content and the attachment's bytes (by their
 * SHA-256), in one canonical string. The public page shows the result; signing checks it again.
 */
export function contractContentHash(title: string, content: string, attachmentSha256: string | null): string {
  return createHash("sha256")
    .update(JSON.stringify({ v: 1, title, content, attachment: attachmentSha256 }), "utf8")
    .digest("hex");
}

export async function recordContractEvent(
  tx: Tx,
  contractId: string,
  kind: ContractEventKind,
  who: { actorName?: string | null; ip?: string | null; userAgent?: string | null } = {},
  data: Record<string, unknown> = {},
) {
  await tx.insert(contractEvents).values({
    contractId,
    kind,
    actorName: who.actorName ?? null,
    ip: who.ip ?? null,
    userAgent: who.userAgent ?? null,
    data,
  });
}

const PAY_TYPE_WORDS: Record<string, string> = {
  percentage: "percentage pay",
  fixed: "flat pay per load",
  per_mile: "mileage pay",
};

/** A rate in the contract's words (the contract's language is the company's, as its templates are). */
function payRateWords(type: string | null, rate: string | null): string {
  if (!type || rate === null) return "the rate agreed in writing";
  const n = Number(rate);
  if (type === "percentage") return `${n}% of the line haul`;
  const money = n.toLocaleString("en-US", { style: "currency", currency: "USD" });
  return type === "per_mile" ? `${money} per mile` : `${money} per load`;
}

function longDate(day: string | null | undefined): string {
  if (!day) return "the date of signing";
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** Sending, changing or signing a contract past its expiry date (400: the date is the reason). */
export const contractExpired = () =>
  new HttpError(400, "CONTRACT_EXPIRED", CONTRACT_MESSAGES.expired, {
    fields: { expiresOn: CONTRACT_MESSAGES.expired },
  });

export function createContractsService({ db, storage, config, mailer }: Deps) {
  /** The company's day: a contract expires after its expiry date there. */
  const today = () => companyDay(new Date(), config.company.timeZone);

  /** A new expiry date is today or later (400 with the field's message). */
  function refusePastExpiry(expiresOn: string | null) {
    if (expiresOn !== null && expiresOn < today()) {
      throw badRequest(CONTRACT_MESSAGES.expiryPast, { fields: { expiresOn: CONTRACT_MESSAGES.expiryPast } });
    }
  }

  function parse(raw: unknown): ContractValues {
    const parsed = contractInputSchema.safeParse(raw);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      throw badRequest(Object.values(fields)[0] ?? CONTRACT_MESSAGES.titleRequired, { fields });
    }
    refusePastExpiry(parsed.data.expiresOn);
    return parsed.data;
  }

  async function requireContract(tx: Tx, id: string): Promise<Contract> {
    const found = await findContract(tx, id, today());
    if (!found) throw notFound("The contract");
    return found;
  }

  /** The row, locked, with its status as read (expired past its date). */
  async function lockContract(tx: Tx, id: string) {
    const [row] = await tx
      .select({
        status: contracts.status,
        expiresOn: contracts.expiresOn,
        sentAt: contracts.sentAt,
        title: contracts.title,
      })
      .from(contracts)
      .where(eq(contracts.id, id))
      .for("update");
    if (!row) throw notFound("The contract");
    return { ...row, status: contractStatusOn(row.status, row.expiresOn, today()) };
  }

  async function requireDraft(tx: Tx, id: string): Promise<Contract> {
    const row = await lockContract(tx, id);
    if (row.status === "expired") throw conflict(CONTRACT_MESSAGES.expired, "CONTRACT_EXPIRED");
    if (row.status !== "draft") throw conflict(CONTRACT_MESSAGES.notEditable, "CONTRACT_NOT_DRAFT");
    return requireContract(tx, id);
  }

  async function requireDriver(tx: Tx, driverId: string | null) {
    if (!driverId) return;
    const [d] = await tx.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, driverId));
    if (!d) throw badRequest("Choose a driver.", { fields: { driverId: "Choose a driver." } });
  }

  async function templateOf(type: ContractType): Promise<ContractTemplate> {
    const [row] = await db.select().from(contractTemplates).where(eq(contractTemplates.type, type));
    return {
      type,
      content: row?.content ?? DEFAULT_TEMPLATES[type],
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  return {
    async list(query: ContractListQuery): Promise<ContractPage> {
      const { page, pageSize, ...filter } = query;
      const [{ items, total }, counts] = await Promise.all([
        listContracts(db, filter, { limit: pageSize, offset: offsetOf({ page, pageSize }) }, today()),
        statusCounts(db, today()),
      ]);
      return { ...toPage(items, total, { page, pageSize }), counts };
    },

    async detail(id: string): Promise<ContractDetail> {
      const contract = await requireContract(db, id);
      return { ...contract, events: await contractEventsOf(db, id) };
    },

    async create(actor: Actor, raw: unknown): Promise<Contract> {
      const values = parse(raw);
      const id = await db.transaction(async (tx) => {
        await requireDriver(tx, values.driverId);
        const [row] = await tx
          .insert(contracts)
          .values({ ...values, createdBy: actor.userId })
          .returning({ id: contracts.id });
        await recordContractEvent(tx, row.id, "created", { actorName: actor.name, ip: actor.ip });
        await recordAudit(tx, actor, {
          action: "contract.created",
          targetType: "contract",
          targetId: row.id,
          targetLabel: values.title,
          details: { kind: values.type, email: values.signerEmail },
        });
        return row.id;
      });
      return requireContract(db, id);
    },

    /** Only a draft changes; a sent contract is withdrawn first, a signed one never changes. */
    async update(actor: Actor, id: string, raw: unknown): Promise<Contract> {
      const values = parse(raw);
      await db.transaction(async (tx) => {
        await requireDraft(tx, id);
        await requireDriver(tx, values.driverId);
        await tx.update(contracts).set(values).where(eq(contracts.id, id));
        await recordAudit(tx, actor, {
          action: "contract.updated",
          targetType: "contract",
          targetId: id,
          targetLabel: values.title,
        });
      });
      return requireContract(db, id);
    },

    /** A draft, or a contract that expired without ever being sent, may be deleted. */
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const c = await lockContract(tx, id);
        if (c.status !== "draft" && !(c.status === "expired" && !c.sentAt))
          throw conflict(CONTRACT_MESSAGES.notEditable, "CONTRACT_NOT_DRAFT");
        await tx.delete(contracts).where(eq(contracts.id, id));
        await recordAudit(tx, actor, {
          action: "contract.deleted",
          targetType: "contract",
          targetId: id,
          targetLabel: c.title,
        });
      });
    },

    /** Attaches (or replaces) the draft's attachment: a PDF or an image, checked by content. */
    async attach(actor: Actor, id: string, raw: Record<string, unknown>): Promise<Contract> {
      const file = chosenFile(raw.file);
      if (!file)
        throw badRequest("Choose a file to upload.", { fields: { file: "Choose a file to upload." } });
      await db.transaction(async (tx) => {
        const c = await requireDraft(tx, id);
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: CONTRACT_ATTACHMENT_MAX_BYTES, allowedTypes: CONTRACT_ATTACHMENT_TYPES },
          actor.userId,
        );
        await tx.update(contracts).set({ attachmentFileId: stored.id }).where(eq(contracts.id, id));
        await recordAudit(tx, actor, {
          action: "contract.updated",
          targetType: "contract",
          targetId: id,
          targetLabel: c.title,
          details: { fileName: stored.fileName },
        });
      });
      return requireContract(db, id);
    },

    async detach(actor: Actor, id: string): Promise<Contract> {
      await db.transaction(async (tx) => {
        const c = await requireDraft(tx, id);
        await tx.update(contracts).set({ attachmentFileId: null }).where(eq(contracts.id, id));
        await recordAudit(tx, actor, {
          action: "contract.updated",
          targetType: "contract",
          targetId: id,
          targetLabel: c.title,
          details: { fileName: null },
        });
      });
      return requireContract(db, id);
    },

    /** The attachment or the signed PDF, for staff. */
    async file(id: string, which: "attachment" | "signed") {
      const [row] = await db
        .select({ attachmentFileId: contracts.attachmentFileId, signedPdfFileId: contracts.signedPdfFileId })
        .from(contracts)
        .where(eq(contracts.id, id));
      const fileId = row ? (which === "signed" ? row.signedPdfFileId : row.attachmentFileId) : null;
      if (!fileId) throw notFound(which === "signed" ? "The signed PDF" : "The attachment");
      return openStoredFile(db, storage, fileId);
    },

    /**
     * Sends (or re-sends) the signing link: a new random token (256 bits; only its hash is kept),
     * valid `CONTRACT_LINK_DAYS` days; the previous link stops working. The email goes to the signer.
     */
    async send(actor: Actor, id: string): Promise<SentContract> {
      const token = createToken();
      const expiresAt = new Date(Date.now() + CONTRACT_LINK_DAYS * 86_400_000);
      const contract = await db.transaction(async (tx) => {
        const row = await lockContract(tx, id);
        // Past its expiry date a contract is never sent: the link would outlive what it signs.
        if (row.status === "expired") throw contractExpired();
        if (row.status === "signed") throw conflict(CONTRACT_MESSAGES.notSendable, "CONTRACT_CLOSED");
        const replaced = await revokeOpenLinks(tx, id);
        if (replaced)
          await recordContractEvent(tx, id, "link_revoked", { actorName: actor.name, ip: actor.ip });
        await tx.insert(contractLinks).values({
          contractId: id,
          tokenHash: hashToken(token),
          expiresAt,
          createdBy: actor.userId,
        });
        await tx.update(contracts).set({ status: "sent", sentAt: new Date() }).where(eq(contracts.id, id));
        const c = await requireContract(tx, id);
        await recordContractEvent(
          tx,
          id,
          "sent",
          { actorName: actor.name, ip: actor.ip },
          { to: c.signerEmail },
        );
        await recordAudit(tx, actor, {
          action: "contract.sent",
          targetType: "contract",
          targetId: id,
          targetLabel: c.title,
          details: { to: c.signerEmail, expiresAt: expiresAt.toISOString(), replaced },
        });
        // A signer who uses the app (a driver) also hears in it and, where switched on, by text.
        const { rows: signer } = await tx.execute<{ id: string }>(
          sql`select id from users where lower(email) = lower(${c.signerEmail}) and not banned`,
        );
        await notifyUsers(
          tx,
          signer.map((u) => u.id),
          {
            kind: "contract.sent",
            data: { contractId: id, title: c.title, company: config.company.name },
          },
        );
        return c;
      });
      const url = `${config.publicUrl}/public/contract/${token}`;
      const company = config.company;
      const mail = await mailer.send({
        to: contract.signerEmail,
        subject: `Please sign: ${contract.title} (${company.name})`,
        replyTo: company.email,
        text: await signed(
          db,
          actor.userId,
          [
            `Hello ${contract.signerName},`,
            "",
            `${company.name} has sent you "${contract.title}" to read and sign electronically.`,
            "",
            `Open the contract: ${url}`,
            "",
            `The link works until ${mailDateTime(expiresAt, company.timeZone)}. Only you should use it; do not forward this email.`,
            "",
            company.name,
            [company.phone, company.email].filter(Boolean).join(" | "),
          ].join("\n"),
        ),
      });
      return { url, expiresAt: expiresAt.toISOString(), mail: mail.status };
    },

    /** Withdraws a sent contract: its link stops working and it is a draft again. */
    async withdraw(actor: Actor, id: string): Promise<Contract> {
      await db.transaction(async (tx) => {
        const row = await lockContract(tx, id);
        if (row.status === "expired") throw conflict(CONTRACT_MESSAGES.expired, "CONTRACT_EXPIRED");
        if (row.status !== "sent") throw conflict(CONTRACT_MESSAGES.notSendable, "CONTRACT_NOT_SENT");
        await revokeOpenLinks(tx, id);
        await tx.update(contracts).set({ status: "draft" }).where(eq(contracts.id, id));
        await recordContractEvent(tx, id, "link_revoked", { actorName: actor.name, ip: actor.ip });
        await recordAudit(tx, actor, {
          action: "contract.withdrawn",
          targetType: "contract",
          targetId: id,
          targetLabel: row.title,
        });
      });
      return requireContract(db, id);
    },

    /**
     * Renews a signed or expired contract: the same title, type, driver, signer, content and attachment
     * as a new draft with new dates. Both trails say so, each naming the other contract.
     */
    async renew(actor: Actor, id: string, raw: unknown): Promise<Contract> {
      const parsed = renewContractSchema.safeParse(raw);
      if (!parsed.success) {
        const fields = fieldErrors(parsed.error);
        throw badRequest(Object.values(fields)[0] ?? CONTRACT_MESSAGES.expiryRequired, { fields });
      }
      const dates = parsed.data;
      refusePastExpiry(dates.expiresOn);
      const newId = await db.transaction(async (tx) => {
        const old = await lockContract(tx, id);
        if (old.status !== "signed" && old.status !== "expired")
          throw conflict(CONTRACT_MESSAGES.notRenewable, "CONTRACT_NOT_RENEWABLE");
        const [source] = await tx.select().from(contracts).where(eq(contracts.id, id));
        const [row] = await tx
          .insert(contracts)
          .values({
            title: source.title,
            type: source.type,
            driverId: source.driverId,
            signerName: source.signerName,
            signerEmail: source.signerEmail,
            startsOn: dates.startsOn,
            expiresOn: dates.expiresOn,
            content: source.content,
            attachmentFileId: source.attachmentFileId,
            createdBy: actor.userId,
          })
          .returning({ id: contracts.id });
        const who = { actorName: actor.name, ip: actor.ip };
        await recordContractEvent(tx, row.id, "created", who, { contractId: id, title: source.title });
        await recordContractEvent(tx, id, "renewed", who, { contractId: row.id, title: source.title });
        await recordAudit(tx, actor, {
          action: "contract.renewed",
          targetType: "contract",
          targetId: row.id,
          targetLabel: source.title,
          details: { startsAt: dates.startsOn, endsAt: dates.expiresOn },
        });
        return row.id;
      });
      return requireContract(db, newId);
    },

    async templates(): Promise<ContractTemplate[]> {
      return Promise.all(CONTRACT_TYPES.map((type) => templateOf(type)));
    },

    async saveTemplate(actor: Actor, type: ContractType, content: string): Promise<ContractTemplate> {
      await db.transaction(async (tx) => {
        await tx
          .insert(contractTemplates)
          .values({ type, content, updatedBy: actor.userId })
          .onConflictDoUpdate({
            target: contractTemplates.type,
            set: { content, updatedBy: actor.userId, updatedAt: new Date() },
          });
        await recordAudit(tx, actor, {
          action: "contract.template_saved",
          targetType: "contract",
          targetLabel: type,
          details: { kind: type },
        });
      });
      return templateOf(type);
    },

    /** The type's template with its merge fields filled for a driver (or a named signer) and a start date. */
    async merge(q: { type: ContractType; driverId?: string; signerName?: string; startsOn?: string }) {
      const template = await templateOf(q.type);
      let driver:
        | { fullName: string; defaultPayType: string | null; defaultPayRate: string | null }
        | undefined;
      if (q.driverId) {
        [driver] = await db
          .select({
            fullName: drivers.fullName,
            defaultPayType: drivers.defaultPayType,
            defaultPayRate: drivers.defaultPayRate,
          })
          .from(drivers)
          .where(eq(drivers.id, q.driverId));
        if (!driver) throw notFound("The driver");
      }
      const name = driver?.fullName ?? q.signerName ?? "";
      const values = {
        driver_name: name || "{{driver_name}}",
        signer_name: q.signerName || name || "{{signer_name}}",
        company_name: config.company.name,
        company_address: config.company.address,
        pay_type: driver?.defaultPayType ? PAY_TYPE_WORDS[driver.defaultPayType] : "as agreed",
        pay_rate: payRateWords(driver?.defaultPayType ?? null, driver?.defaultPayRate ?? null),
        start_date: longDate(q.startsOn),
      };
      return { content: fillMergeFields(template.content, values) };
    },
  };
}
