import { GPS_MILES_REASON, gpsMilesOffer, MILES_MESSAGES } from "@shared/loads/miles.schema";
import { Pencil, RotateCcw, Satellite } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListError } from "../../../components/list/list-states";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { describeError, isApiError } from "../../../lib/api-errors";
import { formatMoney, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useClearMilesOverride, useLoadMiles, useOverrideMiles } from "../api/miles";

type Miles = NonNullable<ReturnType<typeof useLoadMiles>["data"]>;

/** Where the miles come from, in words: estimated, routed by an engine, typed with a reason. */
export function MilesSourceBadge({
  miles,
}: {
  miles: Pick<Miles, "source" | "engine" | "overrideReason" | "status">;
}) {
  const { t } = useTranslation("loads");
  if (miles.status === "unplaceable") return <Badge tone="danger">{t("miles.source.unplaceable")}</Badge>;
  if (miles.source === "override") {
    const reason =
      miles.overrideReason === GPS_MILES_REASON ? t("miles.gpsReason") : (miles.overrideReason ?? "");
    return <Badge tone="info">{t("miles.source.override", { reason })}</Badge>;
  }
  if (miles.source === "routed")
    return (
      <Badge tone="success">
        {t("miles.source.routed", { engine: t(`miles.engines.${miles.engine ?? "osrm"}`) })}
      </Badge>
    );
  if (miles.source === "estimated")
    return (
      <Badge tone="warning">
        {miles.status === "pending" ? t("miles.source.estimatedPending") : t("miles.source.estimated")}
      </Badge>
    );
  if (miles.source === "manual") return <Badge>{t("miles.source.manual")}</Badge>;
  return <Badge>{t("miles.source.none")}</Badge>;
}

/**
 * A load's loaded and empty (deadhead) miles on its page (issue 40): where they come from, $/mi for
 * staff, and the override with a reason (kept through edits until "Use the route's miles"). A
 * delivered load's miles may still be corrected — "Use GPS miles" when its breadcrumb measured other
 * miles — until its pay is approved; it does not go back to the route (decision 057).
 */
export function MilesPanel({
  loadId,
  canOverride,
  delivered,
}: {
  loadId: string;
  canOverride: boolean;
  delivered: boolean;
}) {
  const { t } = useTranslation("loads");
  const query = useLoadMiles(loadId);
  const clear = useClearMilesOverride(loadId);
  const useGps = useOverrideMiles(loadId);
  const [open, setOpen] = useState(false);

  if (query.isError && !query.data)
    return (
      <ListError
        title={t("common:errors.loadFailed")}
        description={describeError(query.error, t)}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data) return <Spinner label={t("common:loading")} />;
  const m = query.data;
  const mi = (v: number | null) => (v === null ? "—" : t("units.miles", { value: formatNumber(v, 1) }));
  const typed = m.source === "override" || m.source === "manual";
  const mayOverride = canOverride && !m.settled;
  const gps = gpsMilesOffer(m);

  return (
    <div className="grid gap-3" data-testid="miles-panel">
      <div className="flex flex-wrap items-center gap-2">
        <MilesSourceBadge miles={m} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">{t("miles.loaded")}</dt>
          <dd className="font-medium tabular-nums text-slate-900" data-testid="miles-loaded">
            {mi(m.loadedMiles)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("miles.empty")}</dt>
          <dd className="font-medium tabular-nums text-slate-900" data-testid="miles-empty">
            {mi(m.emptyMiles)}
          </dd>
        </div>
        {m.ratePerMile !== null ? (
          <div>
            <dt className="text-slate-500">{t("miles.ratePerMile")}</dt>
            <dd className="font-medium tabular-nums text-slate-900" data-testid="miles-rate">
              {t("miles.perMile", { value: formatMoney(m.ratePerMile) })}
            </dd>
          </div>
        ) : null}
      </dl>
      {m.status === "unplaceable" ? (
        <p className="text-sm text-red-700" role="status">
          {t("miles.unplaced", { stops: m.unplacedStops.join(", "), count: m.unplacedStops.length })}
        </p>
      ) : m.source === "estimated" ? (
        <p className="text-sm text-slate-600">{t("miles.estimatedHint")}</p>
      ) : null}
      {gps !== null && mayOverride ? (
        <div
          className="grid gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2"
          data-testid="miles-gps"
        >
          <p className="text-sm text-sky-900">{t("miles.gpsOffer", { miles: mi(gps) })}</p>
          <Button
            variant="outline"
            className="h-11 justify-self-start bg-white"
            disabled={useGps.isPending}
            onClick={() =>
              useGps.mutate(
                { loadedMiles: gps, reason: GPS_MILES_REASON },
                {
                  onSuccess: () => notify({ title: t("miles.gpsUsed"), variant: "success" }),
                  onError: (error) =>
                    notify({
                      title: t("miles.saveFailed"),
                      description: describeError(error, t),
                      variant: "error",
                    }),
                },
              )
            }
            data-testid="miles-use-gps"
          >
            <Satellite aria-hidden />
            {t("miles.useGps")}
          </Button>
        </div>
      ) : null}
      {canOverride && m.settled ? (
        <p className="text-sm text-slate-600" data-testid="miles-settled">
          {t("miles.settled")}
        </p>
      ) : null}
      {mayOverride ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="h-11"
            onClick={() => setOpen(true)}
            data-testid="miles-override"
          >
            <Pencil aria-hidden />
            {t("miles.override")}
          </Button>
          {typed && !delivered ? (
            <Button
              variant="ghost"
              className="h-11"
              disabled={clear.isPending}
              onClick={() =>
                clear.mutate(undefined, {
                  onSuccess: () => notify({ title: t("miles.cleared"), variant: "success" }),
                  onError: (error) =>
                    notify({
                      title: t("miles.saveFailed"),
                      description: describeError(error, t),
                      variant: "error",
                    }),
                })
              }
              data-testid="miles-clear"
            >
              <RotateCcw aria-hidden />
              {t("miles.useRoute")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {mayOverride ? (
        <OverrideMilesDialog loadId={loadId} miles={m} open={open} onOpenChange={setOpen} />
      ) : null}
    </div>
  );
}

function OverrideMilesDialog({
  loadId,
  miles,
  open,
  onOpenChange,
}: {
  loadId: string;
  miles: Miles;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("loads");
  const save = useOverrideMiles(loadId);
  const [loaded, setLoaded] = useState("");
  const [empty, setEmpty] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (open) {
      setLoaded(miles.loadedMiles === null ? "" : String(miles.loadedMiles));
      setEmpty(miles.emptyMiles === null ? "" : String(miles.emptyMiles));
      setReason(miles.source === "override" ? (miles.overrideReason ?? "") : "");
      setErrors({});
    }
  }, [open, miles]);

  const confirm = () => {
    if (!reason.trim()) {
      setErrors({ reason: t("miles.errors.reason") });
      return;
    }
    save.mutate(
      { loadedMiles: loaded, emptyMiles: empty, reason },
      {
        onSuccess: () => {
          notify({ title: t("miles.saved"), variant: "success" });
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error, 400)) {
            setErrors(
              Object.fromEntries(
                Object.entries(error.fields).map(([k, v]) => [
                  k,
                  v === MILES_MESSAGES.reason ? t("miles.errors.reason") : t("miles.errors.miles"),
                ]),
              ),
            );
          }
          notify({ title: t("miles.saveFailed"), description: describeError(error, t), variant: "error" });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("miles.overrideTitle")}
      description={t("miles.overrideText")}
      confirmLabel={t("miles.overrideSubmit")}
      pending={save.isPending}
      onConfirm={confirm}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={t("miles.loaded")} error={errors.loadedMiles}>
          <Input
            inputMode="decimal"
            className="h-11"
            value={loaded}
            onChange={(e) => setLoaded(e.target.value)}
            data-testid="override-loaded"
          />
        </Field>
        <Field label={t("miles.empty")} error={errors.emptyMiles}>
          <Input
            inputMode="decimal"
            className="h-11"
            value={empty}
            onChange={(e) => setEmpty(e.target.value)}
            data-testid="override-empty"
          />
        </Field>
        <Field
          label={t("miles.reason")}
          hint={t("miles.reasonHint")}
          error={errors.reason}
          className="sm:col-span-2"
          required
        >
          <Textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            rows={3}
            data-testid="override-reason"
          />
        </Field>
      </div>
    </ConfirmDialog>
  );
}
