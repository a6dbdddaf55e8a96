import {
  CONTRACT_ACCOUNT_WINDOW_MINUTES,
  CONTRACT_MESSAGES,
  contractStatusOn,
  ESIGN_DISCLOSURE_VERSION,
  type PublicContract,
  type SignedContract,
  signContractSchema,
} from "@shared/contracts/contracts.schema";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { contractLinks, contracts, drivers, files, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { badRequest, conflict, fieldErrors, HttpError, notFound } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";
import { companyDay } from "../../platform/company-day";
import { mailDateTime } from "../../platform/mail/mail-date";
import { notifyRoles } from "../../platform/notifications/notify";
import { hashToken } from "../../platform/tokens/tokens";
import { createAccount, hashPassword } from "../auth/accounts";
import { signedContractPdf } from "./contract-pdf";
import { contractEventsOf } from "./contracts.repo";
import { contractContentHash, recordContractEvent } from "./contracts.service";
import { drawnSignature } from "./signature";

/** Who is at the other end of a public request. */
export interface Visitor {
  ip: string | null;
  userAgent: string | null;
}

/** One answer for every link that cannot be used — unknown, expired, replaced, withdrawn, or used (to sign). */
const invalidLink = () => new HttpError(404, "INVALID_LINK", CONTRACT_MESSAGES.invalidLink);
/** A working link to a contract past its expiry date: the page says the contract has expired. */
const contractGone = () => new HttpError(410, "CONTRACT_EXPIRED", CONTRACT_MESSAGES.linkExpired);

/**
 * The public signing page (`/public/contract/:token`): the token is the only credential, so a link
 * is usable while it is neither revoked nor expired; it signs while its contract waits for signature,
 * and once it has signed it shows the signer a read-only copy (with the signed PDF) until it expires.
 * A contract past its expiry date is neither shown nor signed (410 CONTRACT_EXPIRED). Nothing is
 * stored for a link that cannot be used.
 */
export function createContractSigningService({ db, storage, config, mailer, log }: Deps) {
  const today = () => companyDay(new Date(), config.company.timeZone);

  /** The link and its contract, locked when `lock` (signing and account creation run once). */
  async function linkOf(tx: Tx, token: string, lock = false) {
    const q = tx
      .select({ link: contractLinks, contract: contracts })
      .from(contractLinks)
      .innerJoin(contracts, eq(contracts.id, contractLinks.contractId))
      .where(eq(contractLinks.tokenHash, hashToken(token)));
    const [row] = lock ? await q.for("update") : await q;
    return row ?? null;
  }

  /**
   * "sign": the link has not signed and its contract waits for signature. "read": the same, or the
   * link signed its (signed) contract — the signer's copy.
   */
  async function openLink(tx: Tx, token: string, purpose: "sign" | "read", lock = false) {
    const row = await linkOf(tx, token, lock);
    if (!row || row.link.revokedAt || row.link.expiresAt.getTime() <= Date.now()) throw invalidLink();
    const { link, contract } = row;
    if (contractStatusOn(contract.status, contract.expiresOn, today()) === "expired") throw contractGone();
    const signing = !link.usedAt && contract.status === "sent";
    const signedHere = !!link.usedAt && contract.status === "signed";
    if (!(signing || (purpose === "read" && signedHere))) throw invalidLink();
    return row;
  }

  /** A driver without a sign-in account may create one within the window after signing. */
  async function accountOffer(tx: Tx, contract: typeof contracts.$inferSelect, usedAt: Date | null) {
    if (!contract.driverId || !usedAt) return null;
    if (Date.now() - usedAt.getTime() > CONTRACT_ACCOUNT_WINDOW_MINUTES * 60_000) return null;
    const [driver] = await tx
      .select({ userId: drivers.userId, fullName: drivers.fullName })
      .from(drivers)
      .where(eq(drivers.id, contract.driverId));
    return driver && !driver.userId ? { email: contract.signerEmail, name: driver.fullName } : null;
  }

  async function signatureDataUrl(fileId: string | null): Promise<string | null> {
    if (!fileId) return null;
    const [f] = await db.select({ storageKey: files.storageKey }).from(files).where(eq(files.id, fileId));
    if (!f) return null;
    try {
      return `data:image/png;base64,${Buffer.from(await storage.read(f.storageKey)).toString("base64")}`;
    } catch {
      return null;
    }
  }

  async function attachmentOf(tx: Tx, fileId: string | null) {
    if (!fileId) return null;
    const [f] = await tx.select().from(files).where(eq(files.id, fileId));
    return f ?? null;
  }

  return {
    /**
     * What the signer reads; the first opening is recorded (with address and browser). After signing,
     * the same link shows the signed copy: the signature, who signed and when, the signed PDF.
     */
    async view(token: string, visitor: Visitor): Promise<PublicContract> {
      return db.transaction(async (tx) => {
        const { link, contract } = await openLink(tx, token, "read");
        const attachment = await attachmentOf(tx, contract.attachmentFileId);
        const signed =
          contract.status === "signed" && contract.signedAt
            ? {
                signedAt: contract.signedAt.toISOString(),
                signedName: contract.signedName ?? contract.signerName,
                signature: await signatureDataUrl(contract.signatureFileId),
                hasSignedPdf: !!contract.signedPdfFileId,
                account: await accountOffer(tx, contract, link.usedAt),
              }
            : null;
        if (!contract.viewedAt && !signed) {
          await tx.update(contracts).set({ viewedAt: new Date() }).where(eq(contracts.id, contract.id));
          await recordContractEvent(tx, contract.id, "viewed", {
            actorName: contract.signerName,
            ...visitor,
          });
        }
        return {
          title: contract.title,
          type: contract.type,
          companyName: config.company.name,
          signerName: contract.signerName,
          signerEmail: contract.signerEmail,
          content: contract.content,
          attachment: attachment
            ? { fileName: attachment.fileName, contentType: attachment.contentType, size: attachment.size }
            : null,
          contentSha256:
            contract.contentSha256 ??
            contractContentHash(contract.title, contract.content, attachment?.sha256 ?? null),
          linkExpiresAt: link.expiresAt.toISOString(),
          disclosureVersion: ESIGN_DISCLOSURE_VERSION,
          signed,
        };
      });
    },

    async attachment(token: string) {
      const { contract } = await openLink(db, token, "read");
      const f = await attachmentOf(db, contract.attachmentFileId);
      if (!f) throw notFound("The attachment");
      return { bytes: await storage.read(f.storageKey), fileName: f.fileName, contentType: f.contentType };
    },

    /** The signed PDF, for the signer who reopens their link. */
    async signedPdf(token: string) {
      const { contract } = await openLink(db, token, "read");
      const f = contract.status === "signed" ? await attachmentOf(db, contract.signedPdfFileId) : null;
      if (!f) throw notFound("The signed PDF");
      return { bytes: await storage.read(f.storageKey), fileName: f.fileName, contentType: f.contentType };
    },

    /**
     * Signs: consent, a typed full name and a drawn signature over the exact content shown (its SHA-256
     * must still match). Records time, address and browser, makes the contract read-only, produces the
     * signed PDF with its signing record and emails it to the signer and the sender.
     */
    async sign(token: string, raw: unknown, visitor: Visitor): Promise<SignedContract> {
      const parsed = signContractSchema.safeParse(raw);
      if (!parsed.success) {
        const fields = fieldErrors(parsed.error);
        throw badRequest(Object.values(fields)[0] ?? CONTRACT_MESSAGES.signature, { fields });
      }
      const input = parsed.data;
      const signature = drawnSignature(input.signature);
      if (!signature) {
        throw badRequest(CONTRACT_MESSAGES.signature, { fields: { signature: CONTRACT_MESSAGES.signature } });
      }
      const signedAt = new Date();
      const result = await db.transaction(async (tx) => {
        const { link, contract } = await openLink(tx, token, "sign", true);
        const attachment = await attachmentOf(tx, contract.attachmentFileId);
        const hash = contractContentHash(contract.title, contract.content, attachment?.sha256 ?? null);
        if (hash !== input.contentSha256) throw conflict(CONTRACT_MESSAGES.changed, "CONTRACT_CHANGED");

        await recordContractEvent(tx, contract.id, "signed", { actorName: input.fullName, ...visitor });
        const signatureFile = await storage.save(
          tx,
          new File([new Uint8Array(signature)], "signature.png", { type: "image/png" }),
          { maxBytes: 1024 * 1024, allowedTypes: ["image/png"] },
          null,
        );
        const pdfBytes = await signedContractPdf({
          company: config.company,
          title: contract.title,
          content: contract.content,
          attachment: attachment
            ? { name: attachment.fileName, bytes: await storage.read(attachment.storageKey) }
            : null,
          signer: { name: contract.signerName, email: contract.signerEmail, typedName: input.fullName },
          signature,
          signedAt,
          ip: visitor.ip,
          userAgent: visitor.userAgent,
          contentSha256: hash,
          events: await contractEventsOf(tx, contract.id),
        });
        const fileName = `${contract.title.replace(/[^\w\- ]+/g, "").trim() || "contract"} - signed.pdf`;
        const pdfFile = await storage.save(
          tx,
          new File([new Uint8Array(pdfBytes)], fileName, { type: "application/pdf" }),
          { maxBytes: 100 * 1024 * 1024, allowedTypes: ["application/pdf"] },
          null,
        );
        await tx.update(contractLinks).set({ usedAt: signedAt }).where(eq(contractLinks.id, link.id));
        await tx
          .update(contracts)
          .set({
            status: "signed",
            signedAt,
            signedName: input.fullName,
            signedIp: visitor.ip,
            signedUserAgent: visitor.userAgent,
            contentSha256: hash,
            signatureFileId: signatureFile.id,
            signedPdfFileId: pdfFile.id,
          })
          .where(eq(contracts.id, contract.id));
        // Signed by someone without an account: the audit entry names them in its details.
        await recordAudit(tx, null, {
          action: "contract.signed",
          targetType: "contract",
          targetId: contract.id,
          targetLabel: contract.title,
          details: { name: input.fullName, email: contract.signerEmail, ip: visitor.ip, sha256: hash },
        });
        await notifyRoles(tx, ["admin", "manager"], {
          kind: "contract.signed",
          data: { contractId: contract.id, title: contract.title, signerName: contract.signerName },
          link: `/accounting/contracts?q=${encodeURIComponent(contract.title)}`,
        });
        const [driver] = contract.driverId
          ? await tx
              .select({ userId: drivers.userId, fullName: drivers.fullName })
              .from(drivers)
              .where(eq(drivers.id, contract.driverId))
          : [];
        const [sender] = contract.createdBy
          ? await tx.select({ email: users.email }).from(users).where(eq(users.id, contract.createdBy))
          : [];
        return { contract, driver, sender, pdfBytes, fileName, pdfFileId: pdfFile.id };
      });

      // Both sides receive the signed PDF (a delivery failure is in the outbox, never the signer's problem).
      const { contract, driver, sender, pdfBytes, fileName, pdfFileId } = result;
      const attachments = [
        { filename: fileName, contentType: "application/pdf", content: pdfBytes, fileId: pdfFileId },
      ];
      const company = config.company;
      for (const to of new Set([contract.signerEmail, sender?.email ?? company.email].filter(Boolean))) {
        await mailer
          .send({
            to,
            subject: `Signed: ${contract.title}`,
            replyTo: company.email,
            text: [
              `"${contract.title}" was signed by ${input.fullName} on ${mailDateTime(signedAt, company.timeZone)}.`,
              "",
              "The signed contract, with its signing record, is attached.",
              "",
              company.name,
            ].join("\n"),
            attachments,
          })
          .catch((err: Error) => log.warn("signed contract mail failed", { err: err.message }));
      }
      const offersAccount = !!driver && !driver.userId;
      return {
        signedAt: signedAt.toISOString(),
        account: offersAccount ? { email: contract.signerEmail, name: driver.fullName } : null,
      };
    },

    /**
     * Right after signing, a driver without a sign-in account creates one: a password only (the email is
     * the contract's), the driver role, linked to the contract's driver record. Once per driver.
     */
    async createAccount(token: string, password: string, visitor: Visitor): Promise<{ email: string }> {
      return db.transaction(async (tx) => {
        const row = await linkOf(tx, token, true);
        const windowMs = CONTRACT_ACCOUNT_WINDOW_MINUTES * 60_000;
        if (
          !row?.link.usedAt ||
          row.link.revokedAt ||
          Date.now() - row.link.usedAt.getTime() > windowMs ||
          row.contract.status !== "signed" ||
          !row.contract.driverId
        ) {
          throw new HttpError(404, "INVALID_LINK", CONTRACT_MESSAGES.accountNotOffered);
        }
        const { contract } = row;
        const driverId = contract.driverId as string;
        const [driver] = await tx
          .select({
            id: drivers.id,
            userId: drivers.userId,
            fullName: drivers.fullName,
            phone: drivers.phone,
          })
          .from(drivers)
          .where(eq(drivers.id, driverId))
          .for("update");
        if (!driver) throw new HttpError(404, "INVALID_LINK", CONTRACT_MESSAGES.accountNotOffered);
        if (driver.userId) throw conflict(CONTRACT_MESSAGES.accountExists, "ACCOUNT_EXISTS");
        const userId = await createAccount(tx, {
          name: driver.fullName,
          email: contract.signerEmail,
          role: "driver",
          passwordHash: await hashPassword(password),
          phone: driver.phone,
          driverId: driver.id,
        });
        // The new hire joins: a status nobody knew yet becomes "available" (busy and off duty still win).
        await tx
          .update(drivers)
          .set({
            email: contract.signerEmail,
            manualStatus: sql`case when ${drivers.manualStatus} = 'unknown' then 'available'::driver_status
              else ${drivers.manualStatus} end`,
            status: sql`case when ${drivers.status} = 'unknown' then 'available'::driver_status
              else ${drivers.status} end`,
          })
          .where(eq(drivers.id, driver.id));
        await recordContractEvent(tx, contract.id, "account_created", {
          actorName: driver.fullName,
          ...visitor,
        });
        await recordAudit(
          tx,
          { userId, email: contract.signerEmail, impersonator: null, ip: visitor.ip },
          {
            action: "contract.account_created",
            targetType: "contract",
            targetId: contract.id,
            targetLabel: contract.title,
            details: { userId, driverId: driver.id, email: contract.signerEmail },
          },
        );
        return { email: contract.signerEmail };
      });
    },
  };
}
