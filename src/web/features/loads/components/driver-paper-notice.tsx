import type { DriverPaperWarning } from "@shared/drivers/compliance";
import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { formatDay } from "../../../lib/format";

/** "Jake's driver's license expired on Oct 3, 2026…", in the reader's language. */
export function useDriverPaperText() {
  const { t } = useTranslation("loads");
  return (driverName: string, w: Pick<DriverPaperWarning, "document" | "expiresOn" | "problem">) =>
    t(w.problem === "expired" ? "papers.expired" : "papers.expiresBeforeDelivery", {
      driverName,
      document: t(`papers.documents.${w.document}`),
      date: formatDay(w.expiresOn),
    });
}

/**
 * A driver's license or medical card that has expired (red: assignment is refused) or lapses before
 * the delivery (amber: a warning). Nothing when the papers are in order.
 */
export function DriverPaperNotice({
  driverName,
  warnings,
  className,
}: {
  driverName: string;
  warnings: DriverPaperWarning[];
  className?: string;
}) {
  const text = useDriverPaperText();
  if (!warnings.length) return null;
  const expired = warnings.some((w) => w.problem === "expired");
  return (
    <div
      role="status"
      data-testid="driver-paper-notice"
      className={cn(
        "flex gap-2 rounded-md border px-3 py-2 text-sm",
        expired ? "border-red-200 bg-red-50 text-red-800" : "border-amber-200 bg-amber-50 text-amber-900",
        className,
      )}
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <ul className="grid gap-0.5">
        {warnings.map((w) => (
          <li key={w.document}>{text(driverName, w)}</li>
        ))}
      </ul>
    </div>
  );
}
