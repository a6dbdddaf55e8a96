import {
  CONTRACT_LINK_DAYS,
  type ContractEventKind,
  type ContractType,
} from "@shared/contracts/contracts.schema";
import { fillMergeFields } from "@shared/contracts/rich-text";
import { DEFAULT_TEMPLATES } from "@shared/contracts/templates";
import { eq, inArray } from "drizzle-orm";
import { DEFAULT_COMPANY } from "../config";
import type { Tx } from "../db/client";
import { contractEvents, contractLinks, contracts, drivers, users } from "../db/schema";
import { signedContractPdf } from "../modules/contracts/contract-pdf";
import { contractContentHash } from "../modules/contracts/contracts.service";
import type { Storage } from "../platform/storage/storage";
import { createToken, hashToken } from "../platform/tokens/tokens";
import { signaturePng } from "./signature-png";

const DAY = 86_400_000;
const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";

interface DemoContract {
  title: string;
  type: ContractType;
  driverEmail: string | null;
  signer: { name: string; email: string };
  startsIn: number;
  /** Days from today; null for no expiry. */
  expiresIn: number | null;
  status: "draft" | "sent" | "signed" | "expired";
  /** Days ago it was signed (signed and expired ones). */
  signedAgo?: number;
  payWords: string;
}

/**
 * The demo's contracts, one in every status: a lease drafted for an owner-operator, an employment
 * contract sent to a new hire who has no account yet (its live link is returned for the seed log),
 * an independent-contractor agreement signed with its PDF, a lease signed last year that expires this
 * month, and an employment contract that has expired — renewed yesterday as a new draft with new
 * dates. The new hire starts "available", as every new driver. Signed PDFs need the storage service.
 */
export async function seedContractsDemo(
  tx: Tx,
  options: { storage?: Storage; publicUrl?: string } = {},
  now = new Date(),
): Promise<string | null> {
  const [already] = await tx.select({ id: contracts.id }).from(contracts).limit(1);
  if (already) return null;
  const [manager] = await tx.select().from(users).where(eq(users.email, "manager@demo.test"));
  if (!manager) return null;
  // The new hire: on file from the application, no sign-in account until they sign.
  const [hire] = await tx
    .insert(drivers)
    .values({
      fullName: "Carlos Vega",
      email: "carlos.vega@drivers.test",
      phone: "+1 708 555 0163",
      defaultPayType: "per_mile",
      defaultPayRate: "0.60",
      workerType: "company",
      hireDate: new Date(now.getTime() + 7 * DAY).toISOString().slice(0, 10),
      notes: "New hire: employment contract sent for e-signature.",
    })
    .returning({ id: drivers.id });
  const known = await tx
    .select({ id: drivers.id, email: drivers.email, userEmail: users.email })
    .from(drivers)
    .leftJoin(users, eq(users.id, drivers.userId))
    .where(
      inArray(drivers.email, [
        "driver@demo.test",
        "driver2@demo.test",
        "daniel.kim@drivers.test",
        "emily.sanders@drivers.test",
      ]),
    );
  const driverId = (email: string | null) =>
    email === "carlos.vega@drivers.test"
      ? hire.id
      : (known.find((d) => d.email === email || d.userEmail === email)?.id ?? null);

  const day = (n: number) => new Date(now.getTime() + n * DAY).toISOString().slice(0, 10);
  // biome-ignore format: one contract per line reads as a table
  const list: DemoContract[] = [
    { title: "Equipment Lease Agreement — Unit 318", type: "lease", driverEmail: "daniel.kim@drivers.test", signer: { name: "Daniel Kim", email: "daniel.kim@drivers.test" }, startsIn: 14, expiresIn: 380, status: "draft", payWords: "75% of the line haul" },
    { title: "Driver Employment Agreement — Carlos Vega", type: "employment", driverEmail: "carlos.vega@drivers.test", signer: { name: "Carlos Vega", email: "carlos.vega@drivers.test" }, startsIn: 7, expiresIn: null, status: "sent", payWords: "$0.60 per mile" },
    { title: "Independent Contractor Agreement — Jake Wilson", type: "independent", driverEmail: "driver@demo.test", signer: { name: "Jake Wilson", email: "driver@demo.test" }, startsIn: -60, expiresIn: 305, status: "signed", signedAgo: 62, payWords: "$0.58 per mile" },
    { title: "Equipment Lease Agreement — Unit 204", type: "lease", driverEmail: "driver2@demo.test", signer: { name: "Rosa Martinez", email: "driver2@demo.test" }, startsIn: -345, expiresIn: 20, status: "signed", signedAgo: 347, payWords: "72% of the line haul" },
    { title: "Driver Employment Agreement — Emily Sanders", type: "employment", driverEmail: "emily.sanders@drivers.test", signer: { name: "Emily Sanders", email: "emily.sanders@drivers.test" }, startsIn: -740, expiresIn: -10, status: "expired", signedAgo: 742, payWords: "$0.55 per mile" },
  ];

  let liveLink: string | null = null;
  let expiredOne: { id: string; title: string; content: string; driverId: string | null } | null = null;
  for (const c of list) {
    const content = fillMergeFields(DEFAULT_TEMPLATES[c.type], {
      driver_name: c.signer.name,
      signer_name: c.signer.name,
      company_name: DEFAULT_COMPANY.name,
      company_address: DEFAULT_COMPANY.address,
      pay_type: c.type === "lease" ? "percentage pay" : "mileage pay",
      pay_rate: c.payWords,
      start_date: new Date(now.getTime() + c.startsIn * DAY).toLocaleDateString("en-US", {
        year: "numeric",
        month: "long",
        day: "numeric",
      }),
    });
    const signedAt = c.signedAgo !== undefined ? new Date(now.getTime() - c.signedAgo * DAY) : null;
    const createdAt = new Date((signedAt ?? now).getTime() - 3 * DAY);
    const [row] = await tx
      .insert(contracts)
      .values({
        title: c.title,
        type: c.type,
        driverId: driverId(c.driverEmail),
        signerName: c.signer.name,
        signerEmail: c.signer.email,
        startsOn: day(c.startsIn),
        expiresOn: c.expiresIn === null ? null : day(c.expiresIn),
        content,
        status: c.status,
        sentAt: c.status === "draft" ? null : new Date(createdAt.getTime() + 3_600_000),
        createdBy: manager.id,
        createdAt,
      })
      .returning({ id: contracts.id });
    if (c.status === "expired")
      expiredOne = { id: row.id, title: c.title, content, driverId: driverId(c.driverEmail) };
    const events: Array<{
      kind: ContractEventKind;
      at: Date;
      actorName: string | null;
      ip?: string;
      ua?: string;
    }> = [{ kind: "created", at: createdAt, actorName: manager.name }];
    if (c.status !== "draft")
      events.push({ kind: "sent", at: new Date(createdAt.getTime() + 3_600_000), actorName: manager.name });

    if (c.status === "sent") {
      const token = createToken();
      await tx.insert(contractLinks).values({
        contractId: row.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + CONTRACT_LINK_DAYS * DAY),
        createdBy: manager.id,
      });
      liveLink = `${options.publicUrl ?? "http://localhost:3000"}/public/contract/${token}`;
    }
    if (signedAt) {
      events.push(
        {
          kind: "viewed",
          at: new Date(signedAt.getTime() - 20 * 60_000),
          actorName: c.signer.name,
          ip: "172.58.14.201",
          ua: PHONE_UA,
        },
        { kind: "signed", at: signedAt, actorName: c.signer.name, ip: "172.58.14.201", ua: PHONE_UA },
      );
      if (c.status === "expired")
        events.push({ kind: "expired", at: new Date(now.getTime() - 9 * DAY), actorName: null });
      await tx.insert(contractLinks).values({
        contractId: row.id,
        tokenHash: hashToken(createToken()),
        expiresAt: new Date(signedAt.getTime() + 10 * DAY),
        usedAt: signedAt,
        createdBy: manager.id,
        createdAt: new Date(createdAt.getTime() + 3_600_000),
      });
    }
    await tx.insert(contractEvents).values(
      events.map((e) => ({
        contractId: row.id,
        kind: e.kind,
        at: e.at,
        actorName: e.actorName,
        ip: e.ip ?? null,
        userAgent: e.ua ?? null,
      })),
    );
    if (!signedAt) continue;

    const hash = contractContentHash(c.title, content, null);
    let signatureFileId: string | null = null;
    let signedPdfFileId: string | null = null;
    if (options.storage) {
      const signature = new Uint8Array(Buffer.from(signaturePng(true).split(",")[1], "base64"));
      const pdf = await signedContractPdf({
        company: DEFAULT_COMPANY,
        title: c.title,
        content,
        attachment: null,
        signer: { name: c.signer.name, email: c.signer.email, typedName: c.signer.name },
        signature,
        signedAt,
        ip: "172.58.14.201",
        userAgent: PHONE_UA,
        contentSha256: hash,
        events: events
          .filter((e) => e.at <= signedAt)
          .map((e) => ({
            kind: e.kind,
            at: e.at.toISOString(),
            actorName: e.actorName,
            ip: e.ip ?? null,
            userAgent: e.ua ?? null,
            related: null,
          })),
      });
      const sig = await options.storage.save(
        tx,
        new File([signature], "signature.png", { type: "image/png" }),
        { maxBytes: 1024 * 1024, allowedTypes: ["image/png"] },
        null,
      );
      const stored = await options.storage.save(
        tx,
        new File(
          [pdf as Uint8Array<ArrayBuffer>],
          `${c.title.replace(/[^\w\- ]+/g, "").trim()} - signed.pdf`,
          { type: "application/pdf" },
        ),
        { maxBytes: 100 * 1024 * 1024, allowedTypes: ["application/pdf"] },
        null,
      );
      signatureFileId = sig.id;
      signedPdfFileId = stored.id;
    }
    await tx
      .update(contracts)
      .set({
        viewedAt: new Date(signedAt.getTime() - 20 * 60_000),
        signedAt,
        signedName: c.signer.name,
        signedIp: "172.58.14.201",
        signedUserAgent: PHONE_UA,
        contentSha256: hash,
        signatureFileId,
        signedPdfFileId,
        updatedAt: c.status === "expired" ? new Date(now.getTime() - 9 * DAY) : signedAt,
      })
      .where(eq(contracts.id, row.id));
  }

  // The expired agreement, renewed yesterday as a draft with new dates: both trails name the other.
  if (expiredOne) {
    const renewedAt = new Date(now.getTime() - DAY);
    const [renewal] = await tx
      .insert(contracts)
      .values({
        title: expiredOne.title,
        type: "employment",
        driverId: expiredOne.driverId,
        signerName: "Emily Sanders",
        signerEmail: "emily.sanders@drivers.test",
        startsOn: day(7),
        expiresOn: day(7 + 730),
        content: expiredOne.content,
        createdBy: manager.id,
        createdAt: renewedAt,
        updatedAt: renewedAt,
      })
      .returning({ id: contracts.id });
    await tx.insert(contractEvents).values([
      {
        contractId: renewal.id,
        kind: "created",
        at: renewedAt,
        actorName: manager.name,
        data: { contractId: expiredOne.id, title: expiredOne.title },
      },
      {
        contractId: expiredOne.id,
        kind: "renewed",
        at: renewedAt,
        actorName: manager.name,
        data: { contractId: renewal.id, title: expiredOne.title },
      },
    ]);
  }
  return liveLink;
}
