import { z } from "zod";

/**
 * The papers a driver must hold to be put on a load: a driver's license and a DOT medical card.
 * Dates are calendar dates (YYYY-MM-DD); a paper is valid through its expiry day, so it is expired
 * once that day is before today (the company's calendar day: the database's `current_date`).
 */
export const DRIVER_PAPERS = ["license", "medical_card"] as const;
export type DriverPaper = (typeof DRIVER_PAPERS)[number];

export interface DriverPaperDates {
  licenseExpiry: string | null;
  medicalCardExpiry: string | null;
}

/** Expired: assignment is refused. Expires before delivery: assignment goes ahead with a warning. */
export const DRIVER_PAPER_PROBLEMS = ["expired", "expires_before_delivery"] as const;
export type DriverPaperProblem = (typeof DRIVER_PAPER_PROBLEMS)[number];

export const driverPaperWarningSchema = z.object({
  document: z.enum(DRIVER_PAPERS),
  expiresOn: z.string(),
  problem: z.enum(DRIVER_PAPER_PROBLEMS),
});
export type DriverPaperWarning = z.infer<typeof driverPaperWarningSchema>;

const datesOf = (d: DriverPaperDates): Array<{ document: DriverPaper; expiresOn: string | null }> => [
  { document: "license", expiresOn: d.licenseExpiry },
  { document: "medical_card", expiresOn: d.medicalCardExpiry },
];

/**
 * What is wrong with a driver's papers for a load delivered on `deliveryDay` (YYYY-MM-DD, or null
 * when unknown): each paper that has expired, or that will have expired by the delivery day.
 * A paper with no date on file is not judged (the driver profile flags missing papers).
 */
export function driverPaperProblems(
  driver: DriverPaperDates,
  today: string,
  deliveryDay: string | null,
): DriverPaperWarning[] {
  const out: DriverPaperWarning[] = [];
  for (const { document, expiresOn } of datesOf(driver)) {
    if (!expiresOn) continue;
    const day = expiresOn.slice(0, 10);
    if (day < today) out.push({ document, expiresOn: day, problem: "expired" });
    else if (deliveryDay && day < deliveryDay)
      out.push({ document, expiresOn: day, problem: "expires_before_delivery" });
  }
  return out;
}

/** The first expired paper, which blocks a new assignment. */
export const expiredPaperOf = (driver: DriverPaperDates, today: string) =>
  driverPaperProblems(driver, today, null).find((p) => p.problem === "expired") ?? null;

export const DRIVER_PAPER_NAMES: Record<DriverPaper, string> = {
  license: "driver's license",
  medical_card: "medical card",
};

/** "Oct 3, 2026": a calendar day in English, the same day in every time zone. */
export const englishDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${day.slice(0, 10)}T00:00:00Z`),
  );

/** 409 DRIVER_DOCUMENT_EXPIRED; the web renders the same from the error's details, translated. */
export const driverDocumentExpiredMessage = (driverName: string, document: DriverPaper, expiresOn: string) =>
  `${driverName}'s ${DRIVER_PAPER_NAMES[document]} expired on ${englishDay(expiresOn)}. Renew it before assigning loads.`;
