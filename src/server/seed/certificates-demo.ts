import {
  CERTIFICATE_FILE_TYPES,
  CERTIFICATE_MAX_BYTES,
  certificateExpiry,
  type Insurer,
  type Policy,
} from "@shared/certificates/certificates.schema";
import { eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { certificateRequests, customers, insuranceCertificates, users } from "../db/schema";
import type { Storage } from "../platform/storage/storage";
import { paperPdf } from "./documents-demo";

const DAY = 86_400_000;

/**
 * Certificates of insurance for the demo: the company's own ACORD 25 (five coverage lines; the cargo
 * policy renews within the month, so the holders' certificates are lapsing), an owner-operator's and
 * a vendor's received certificates, and two certificate holders — a customer who was sent theirs and
 * a broker whose request waits for the agent. Scans need the storage service.
 */
export async function seedCertificatesDemo(tx: Tx, storage?: Storage, now = new Date()): Promise<void> {
  const [already] = await tx.select({ id: insuranceCertificates.id }).from(insuranceCertificates).limit(1);
  if (already) return;
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
  const day = (n: number) => new Date(now.getTime() + n * DAY).toISOString().slice(0, 10);
  const scan = async (title: string, lines: string[]) => {
    if (!storage) return null;
    const bytes = (await paperPdf(title, lines)) as Uint8Array<ArrayBuffer>;
    const slug = title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    const stored = await storage.save(
      tx,
      new File([bytes], `${slug}.pdf`, { type: "application/pdf" }),
      { maxBytes: CERTIFICATE_MAX_BYTES, allowedTypes: CERTIFICATE_FILE_TYPES },
      admin?.id ?? null,
    );
    return stored.id;
  };

  const insurers: Insurer[] = [
    { letter: "A", name: "Great West Casualty Company", naic: "11371" },
    { letter: "B", name: "Northland Insurance Company", naic: "24015" },
    { letter: "C", name: "Accident Fund Insurance Company of America", naic: "10166" },
  ];
  // biome-ignore format: one policy per line reads as the ACORD form does
  const policies: Policy[] = [
    { kind: "auto_liability", insurerLetter: "A", number: "GWC-AL-7781204", effectiveOn: day(-153), expiresOn: day(212), limits: { combined_single_limit: "1000000" } },
    { kind: "motor_truck_cargo", insurerLetter: "B", number: "MTC-554019", effectiveOn: day(-339), expiresOn: day(26), limits: { cargo_limit: "100000", deductible: "2500" } },
    { kind: "general_liability", insurerLetter: "A", number: "GWC-GL-3390418", effectiveOn: day(-153), expiresOn: day(212), limits: { each_occurrence: "1000000", damage_to_rented_premises: "100000", medical_expense: "5000", personal_advertising_injury: "1000000", general_aggregate: "2000000", products_completed_operations: "2000000" } },
    { kind: "workers_compensation", insurerLetter: "C", number: "WC-1184-22917", effectiveOn: day(-92), expiresOn: day(273), limits: { el_each_accident: "1000000", el_disease_each_employee: "1000000", el_disease_policy_limit: "1000000" } },
    { kind: "umbrella", insurerLetter: "A", number: "GWC-UMB-550812", effectiveOn: day(-153), expiresOn: day(212), limits: { each_occurrence: "2000000", aggregate: "2000000" } },
  ];
  const [ours] = await tx
    .insert(insuranceCertificates)
    .values({
      direction: "company",
      insuredName: "Lakeshore Freight Lines LLC",
      producerName: "Midwest Transportation Insurance Agency",
      producerAddress: "180 N LaSalle St, Suite 2100, Chicago, IL 60601",
      producerContact: "Karen Walsh · +1 312 555 0177 · certs@midwest-tia.test",
      insurers,
      policies,
      expiresOn: certificateExpiry(policies),
      fileId: await scan("Certificate of liability insurance (ACORD 25)", [
        "Producer: Midwest Transportation Insurance Agency",
        "Insured: Lakeshore Freight Lines LLC, USDOT 3184420",
        "Auto liability GWC-AL-7781204: CSL $1,000,000",
        "Motor truck cargo MTC-554019: $100,000",
      ]),
      notes: "Master certificate; the agent issues one per holder on request.",
      createdBy: admin?.id ?? null,
    })
    .returning({ id: insuranceCertificates.id });

  // biome-ignore format: one received certificate per line
  const received = [
    { partyKind: "owner_operator" as const, partyName: "Daniel Kim (Kim Trucking LLC)", insuredName: "Kim Trucking LLC", producerName: "Progressive Commercial", insurers: [{ letter: "A" as const, name: "Progressive Casualty Insurance Company", naic: "24260" }], policies: [{ kind: "auto_liability" as const, insurerLetter: "A" as const, number: "PCA-02291847", effectiveOn: day(-353), expiresOn: day(12), limits: { combined_single_limit: "1000000" } }], notes: "Bobtail and physical damage for unit 318." },
    { partyKind: "vendor" as const, partyName: "Southside Truck & Trailer Repair", insuredName: "Southside Truck & Trailer Repair Inc.", producerName: "Brightline Insurance Brokers", insurers: [{ letter: "A" as const, name: "Cincinnati Insurance Company", naic: "10677" }], policies: [{ kind: "general_liability" as const, insurerLetter: "A" as const, number: "CIC-GL-7710452", effectiveOn: day(-40), expiresOn: day(325), limits: { each_occurrence: "1000000", general_aggregate: "2000000" } }], notes: "Garage liability for work in our yard." },
  ];
  for (const r of received) {
    await tx.insert(insuranceCertificates).values({
      direction: "received",
      ...r,
      expiresOn: certificateExpiry(r.policies),
      fileId: await scan(`Certificate of insurance — ${r.insuredName}`, [
        `Insured: ${r.insuredName}`,
        `Producer: ${r.producerName}`,
      ]),
      createdBy: admin?.id ?? null,
    });
  }

  const [customer] = await tx
    .select({ id: customers.id, companyName: customers.companyName, address: customers.address })
    .from(customers)
    .where(eq(customers.email, "customer@demo.test"));
  await tx.insert(certificateRequests).values([
    {
      holderName: customer?.companyName ?? "Great Lakes Foods",
      holderKind: "customer",
      customerId: customer?.id ?? null,
      holderEmail: "ap@greatlakesfoods.test",
      holderAddress: customer?.address ?? "",
      certificateId: ours.id,
      requestedOn: day(-45),
      status: "sent",
      fileId: await scan("Certificate of insurance — holder: Great Lakes Foods", [
        "Certificate holder: Great Lakes Foods",
        "Additional insured: yes (cargo)",
      ]),
      sentAt: new Date(now.getTime() - 44 * DAY),
      sentTo: "ap@greatlakesfoods.test",
      notes: "Needs cargo limit of at least $100,000.",
      createdBy: admin?.id ?? null,
    },
    {
      holderName: "Prairie Freight Brokerage",
      holderKind: "broker",
      holderEmail: "carriers@prairiefreight.test",
      holderAddress: "1 Corporate Dr, Naperville, IL 60563",
      certificateId: ours.id,
      requestedOn: day(-2),
      status: "requested",
      notes: `Broker-carrier agreement onboarding; asked the agent on ${day(-2)}.`,
      createdBy: admin?.id ?? null,
    },
  ]);
}
