import { ROUTES, routePath } from "@shared/access";
import type { AccidentDetail } from "@shared/accidents/accidents.schema";
import { ArrowLeft, CircleCheck, MapPin, Pencil, RotateCcw } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, SectionCard } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { lazyDialog } from "../../../components/ui/lazy";
import { formatDateTime, formatMoney } from "../../../lib/format";
import { useSafetyMessages } from "../../citations/safety-messages";
import { useAccident } from "../api/accidents";
import { AccidentPhotos } from "../components/accident-photos";
import { AccidentTimeline, AddNoteForm } from "../components/accident-timeline";
import { ClaimStatusBadge, InjuriesBadge } from "../components/claim-status-badge";

const ClaimStatusDialog = lazyDialog(() =>
  import("../components/claim-status-dialog").then((m) => m.ClaimStatusDialog),
);

export default function AccidentDetailPage() {
  const { t } = useTranslation("accidents");
  const { accidentId = "" } = useParams();
  const accident = useAccident(accidentId);
  const messages = useSafetyMessages();
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <Link
        to={ROUTES.accidents.path}
        className="inline-flex w-fit items-center gap-1.5 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("detail.backToList")}
      </Link>
      {accident.isError ? (
        <Alert tone="danger">{messages.error(accident.error)}</Alert>
      ) : !accident.data ? (
        <Spinner label={t("common:loading")} className="py-12" />
      ) : (
        <AccidentView accident={accident.data} />
      )}
    </div>
  );
}

function AccidentView({ accident }: { accident: AccidentDetail }) {
  const { t } = useTranslation("accidents");
  const [claimDialog, setClaimDialog] = useState(false);
  const open = accident.claimStatus === "open";
  return (
    <>
      <Card className="overflow-hidden" data-testid="accident-header">
        <div className="grid gap-4 p-5 sm:p-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h1
                  className="font-mono text-2xl font-semibold tracking-tight text-slate-900"
                  data-testid="accident-reference"
                >
                  {accident.reference}
                </h1>
                <ClaimStatusBadge status={accident.claimStatus} className="px-2.5 py-1 text-sm" />
                {accident.injuries ? <InjuriesBadge className="px-2.5 py-1 text-sm" /> : null}
              </div>
              <p className="mt-2 flex items-start gap-1.5 text-slate-700">
                <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                <span className="font-medium">{accident.location}</span>
              </p>
              <p className="mt-1 text-sm text-slate-500">
                <time dateTime={accident.occurredAt}>{formatDateTime(accident.occurredAt)}</time>
              </p>
            </div>
            <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
              <Button asChild variant="outline">
                <Link to={routePath("accidentEdit", { accidentId: accident.id })} data-testid="edit-accident">
                  <Pencil aria-hidden />
                  {t("common:actions.edit")}
                </Link>
              </Button>
              <Button
                variant={open ? "default" : "outline"}
                onClick={() => setClaimDialog(true)}
                data-testid={open ? "close-claim" : "reopen-claim"}
              >
                {open ? <CircleCheck aria-hidden /> : <RotateCcw aria-hidden />}
                {open ? t("claim.close") : t("claim.reopen")}
              </Button>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-4 sm:grid-cols-3 lg:grid-cols-4">
            <Fact label={t("fields.driver")}>{accident.driverName ?? t("detail.none")}</Fact>
            <Fact label={t("fields.vehicle")}>{accident.vehicleLabel ?? t("detail.none")}</Fact>
            <Fact label={t("fields.trailer")}>{accident.trailerLabel ?? t("detail.none")}</Fact>
            <Fact label={t("fields.policeReportNumber")}>
              {accident.policeReportNumber || t("detail.none")}
            </Fact>
            <Fact label={t("fields.claimAmount")}>
              <span className="font-semibold tabular-nums">
                {accident.claimAmount === null ? t("detail.none") : formatMoney(accident.claimAmount)}
              </span>
            </Fact>
            <Fact label={t("fields.insurer")}>{accident.insurer || t("detail.none")}</Fact>
            <Fact label={t("fields.claimNumber")}>{accident.claimNumber || t("detail.none")}</Fact>
            {accident.closedAt ? (
              <Fact label={t("fields.closedAt")}>{formatDateTime(accident.closedAt)}</Fact>
            ) : null}
          </dl>
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="grid grid-cols-1 content-start gap-6 lg:col-span-3">
          <SectionCard title={t("fields.description")}>
            <p className="whitespace-pre-wrap text-sm text-slate-700">{accident.description}</p>
          </SectionCard>
          <SectionCard title={t("photos.title")} description={t("photos.detailText")}>
            <AccidentPhotos accident={accident} />
          </SectionCard>
        </div>
        <div className="grid grid-cols-1 content-start gap-6 lg:col-span-2">
          <SectionCard title={t("timeline.title")} description={t("timeline.text")}>
            <div className="grid gap-5">
              <AddNoteForm accidentId={accident.id} />
              <AccidentTimeline entries={accident.timeline} />
            </div>
          </SectionCard>
        </div>
      </div>

      <ClaimStatusDialog accident={accident} open={claimDialog} onOpenChange={setClaimDialog} />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}
