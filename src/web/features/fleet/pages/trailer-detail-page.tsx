import { ROUTES } from "@shared/access";
import type { TrailerDetail } from "@shared/fleet/trailers.schema";
import { useTranslation } from "react-i18next";
import { lazyDialog } from "../../../components/ui/lazy";
import { formatDay } from "../../../lib/format";
import { useTrailer } from "../api/fleet";
import { type AssetDetailKind, AssetDetailPage } from "../assets/asset-detail-page";
import { Fact } from "../components/detail-states";
import { InspectionDate } from "../components/fleet-badges";

const TrailerFormDialog = lazyDialog(() =>
  import("../components/trailer-form-dialog").then((m) => m.TrailerFormDialog),
);

export default function TrailerDetailPage() {
  return <AssetDetailPage kind={trailerDetail} />;
}

/** A trailer's facts: its inspections, VIN and plate. */
function TrailerFacts({ asset: tr }: { asset: TrailerDetail }) {
  const { t } = useTranslation("fleet");
  return (
    <>
      <Fact label={t("fields.lastInspectionOn")}>{formatDay(tr.lastInspectionOn)}</Fact>
      <Fact label={t("fields.nextInspectionOn")}>
        <InspectionDate date={tr.nextInspectionOn} today={tr.today} />
      </Fact>
      <Fact label={t("fields.vin")}>
        <span className="font-mono text-xs">{tr.vin ?? "—"}</span>
      </Fact>
      <Fact label={t("fields.plate")}>
        <span className="font-mono">
          {tr.plateNumber || "—"}
          {tr.plateState ? ` · ${tr.plateState}` : ""}
        </span>
      </Fact>
    </>
  );
}

const trailerDetail: AssetDetailKind<TrailerDetail> = {
  name: "trailer",
  words: "trailers",
  param: "trailerId",
  listPath: ROUTES.trailers.path,
  useAsset: useTrailer,
  title: (tr) => tr.identifier,
  label: (tr) => tr.identifier,
  deleteTitle: (tr, t) => t("trailers.deleteTitle", { identifier: tr.identifier }),
  subtitle: (tr, t) => [t(`trailerTypes.${tr.type}`), tr.size, tr.year].filter(Boolean).join(" · "),
  logFilter: (tr) => ({ trailerId: tr.id }),
  Facts: TrailerFacts,
  FormDialog: ({ asset, onOpenChange }) => <TrailerFormDialog trailer={asset} onOpenChange={onOpenChange} />,
};
