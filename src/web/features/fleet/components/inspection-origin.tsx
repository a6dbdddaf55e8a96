import type { InspectionOrigin } from "@shared/fleet/maintenance.schema";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";

/**
 * What the inspection that opened a maintenance item found, in the reader's language: the server
 * stores the findings as data (decision 017). `compact` gives the one-paragraph form lists use.
 */
export function InspectionOriginText({
  origin,
  compact = false,
}: {
  origin: InspectionOrigin;
  compact?: boolean;
}) {
  const { t } = useTranslation(["fleet", "inspections"]);
  const opened = t("fleet:origin.opened", {
    asset: `${t(`fleet:assetTypes.${origin.assetType}`)} ${origin.assetLabel}`,
    date: formatDay(origin.inspectedOn),
    type: t(`inspections:types.${origin.inspectionType}`),
    inspector: origin.inspectorName,
    status: t(`inspections:status.${origin.overallStatus}`),
  });
  const defect = (d: InspectionOrigin["defects"][number]) =>
    [t(`inspections:items.${d.item}.label`), d.note].filter(Boolean).join(": ");
  if (compact) {
    // Lists show what is broken first; the whole account is the tooltip and the edit dialog.
    const found = origin.defects.length ? origin.defects.map(defect) : [origin.comments || opened];
    return (
      <span className="line-clamp-2 text-sm text-slate-600" title={opened} data-testid="inspection-origin">
        {found.join(" · ")}
      </span>
    );
  }
  return (
    <div className="grid gap-1 text-sm text-slate-700" data-testid="inspection-origin">
      <p>{opened}</p>
      {origin.defects.length ? (
        <div>
          <p className="font-medium text-slate-900">{t("fleet:origin.defects")}</p>
          <ul className="list-disc pl-5">
            {origin.defects.map((d) => (
              <li key={d.item}>{defect(d)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {origin.comments ? (
        <p>
          <span className="font-medium text-slate-900">{t("fleet:origin.comments")}</span> {origin.comments}
        </p>
      ) : null}
    </div>
  );
}
