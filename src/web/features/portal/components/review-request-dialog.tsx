import { zodResolver } from "@hookform/resolvers/zod";
import { routePath } from "@shared/access";
import {
  type AcceptLoadRequestInput,
  acceptLoadRequestSchema,
  type DeclineLoadRequestInput,
  declineLoadRequestSchema,
  type StaffLoadRequest,
} from "@shared/portal/load-requests.schema";
import { Check, MapPin, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { describeError, isApiError } from "../../../lib/api-errors";
import { AFTER_CREATE } from "../../../lib/focus-heading";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useAcceptRequest, useDeclineRequest, useLoadRequest } from "../api/portal";

const REQUEST_TONE = { pending: "warning", accepted: "success", declined: "neutral" } as const;

/** Dispatch reviews one request: its details, then accept (price it; a load is made) or decline. */
export function ReviewRequestDialog({
  requestId,
  onClose,
}: {
  requestId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("portal");
  const request = useLoadRequest(requestId);
  const [mode, setMode] = useState<"view" | "accept" | "decline">("view");
  const r = request.data;
  const close = () => {
    setMode("view");
    onClose();
  };

  return (
    <Dialog
      open={!!requestId}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={r ? t("review.title", { number: r.requestNumber }) : t("review.loading")}
      description={r ? r.customerName : undefined}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      {request.isError ? (
        <Alert tone="danger">
          {isApiError(request.error, 404) ? t("review.notFound") : describeError(request.error, t)}
        </Alert>
      ) : !r ? (
        <Spinner label={t("common:loading")} />
      ) : (
        <div className="grid gap-5" data-testid="review-request">
          <RequestSummary request={r} />
          {r.status !== "pending" ? (
            <Alert tone="info">
              {r.status === "accepted"
                ? t("review.acceptedBy", {
                    name: r.reviewedByName ?? "—",
                    time: formatDateTime(r.reviewedAt),
                    number: r.load?.loadNumber ?? "—",
                  })
                : t("review.declinedBy", {
                    name: r.reviewedByName ?? "—",
                    time: formatDateTime(r.reviewedAt),
                    reason: r.declineReason ?? "",
                  })}
            </Alert>
          ) : mode === "accept" ? (
            <AcceptForm request={r} onCancel={() => setMode("view")} onDone={close} />
          ) : mode === "decline" ? (
            <DeclineForm request={r} onCancel={() => setMode("view")} onDone={close} />
          ) : (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                variant="outline"
                className="border-red-200 text-red-700 hover:bg-red-50"
                onClick={() => setMode("decline")}
                data-testid="decline-request"
              >
                <X aria-hidden />
                {t("review.decline")}
              </Button>
              <Button onClick={() => setMode("accept")} data-testid="accept-request">
                <Check aria-hidden />
                {t("review.accept")}
              </Button>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

function RequestSummary({ request: r }: { request: StaffLoadRequest }) {
  const { t } = useTranslation("portal");
  const stop = (kind: "pickup" | "delivery") => {
    const s = r[kind];
    return (
      <div className="grid gap-0.5 rounded-md border border-slate-200 p-3 text-sm">
        <p className="flex items-center gap-1.5 font-medium text-slate-900">
          <MapPin
            className={kind === "pickup" ? "size-4 text-sky-600" : "size-4 text-emerald-600"}
            aria-hidden
          />
          {t(`request.${kind}`)} · {s.locationName}
        </p>
        <p className="text-slate-600">
          {s.address}, {s.city}, {s.state} {s.postalCode}
        </p>
        <p className="text-slate-800">{formatDateTime(s.at)}</p>
        <p className="text-xs text-slate-500">
          {s.contactName} · {s.contactPhone}
        </p>
      </div>
    );
  };
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={REQUEST_TONE[r.status]}>{t(`requests.status.${r.status}`)}</Badge>
        <span className="text-slate-500">
          {t("review.requestedBy", {
            name: r.requestedByName ?? r.customerName,
            time: formatDateTime(r.createdAt),
          })}
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {stop("pickup")}
        {stop("delivery")}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <Info label={t("request.fields.commodity")}>{r.commodity}</Info>
        <Info label={t("request.fields.weightLbs")}>
          {r.weightLbs !== null ? formatNumber(r.weightLbs) : "—"}
        </Info>
        <Info label={t("request.fields.equipmentType")}>{t(`equipment.${r.equipmentType}`)}</Info>
        {r.notes ? (
          <div className="col-span-2 sm:col-span-3">
            <Info label={t("request.fields.notes")}>{r.notes}</Info>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}

type AcceptValues = { baseRate: string; customerRate: string; loadedMiles: string; postedToBoard: boolean };

function AcceptForm({
  request,
  onCancel,
  onDone,
}: {
  request: StaffLoadRequest;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("portal");
  const navigate = useNavigate();
  const accept = useAcceptRequest(request.id);
  const form = useForm<AcceptValues, unknown, AcceptLoadRequestInput>({
    resolver: zodResolver(acceptLoadRequestSchema) as never,
    defaultValues: { baseRate: "", customerRate: "", loadedMiles: "", postedToBoard: false },
  });
  const { register, handleSubmit, formState, getValues } = form;
  const err = (name: keyof AcceptValues) => {
    const e = formState.errors[name] as FieldError | undefined;
    if (!e) return undefined;
    const value = getValues(name);
    return typeof value === "string" && !value.trim() ? t("request.errors.required") : t("review.moneyError");
  };

  const onValid = () =>
    accept.mutate(getValues(), {
      onSuccess: (result) => {
        notify({
          title: t("review.acceptedTitle"),
          description: t("review.acceptedText", { number: result.loadNumber }),
          variant: "success",
        });
        onDone();
        navigate(routePath("loadDetail", { loadId: result.loadId }), { state: AFTER_CREATE });
      },
      onError: (error) =>
        notify({ title: t("review.acceptFailed"), description: describeError(error, t), variant: "error" }),
    });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      className="grid gap-4 border-t border-slate-100 pt-4"
      data-testid="accept-form"
    >
      <p className="text-sm text-slate-600">{t("review.acceptText")}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t("review.baseRate")} error={err("baseRate")}>
          <Input inputMode="decimal" aria-required placeholder="0.00" autoFocus {...register("baseRate")} />
        </Field>
        <Field label={t("review.customerRate")} error={err("customerRate")}>
          <Input inputMode="decimal" placeholder="0.00" {...register("customerRate")} />
        </Field>
        <Field label={t("review.loadedMiles")} error={err("loadedMiles")}>
          <Input inputMode="decimal" {...register("loadedMiles")} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" {...register("postedToBoard")} />
        {t("review.postToBoard")}
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={accept.isPending}>
          {t("common:actions.back")}
        </Button>
        <Button type="submit" disabled={accept.isPending} data-testid="confirm-accept">
          {accept.isPending ? <Spinner className="text-current" /> : <Check aria-hidden />}
          {t("review.createLoad")}
        </Button>
      </div>
    </form>
  );
}

function DeclineForm({
  request,
  onCancel,
  onDone,
}: {
  request: StaffLoadRequest;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("portal");
  const decline = useDeclineRequest(request.id);
  const form = useForm<DeclineLoadRequestInput>({
    resolver: zodResolver(declineLoadRequestSchema),
    defaultValues: { reason: "" },
  });
  const { register, handleSubmit, formState } = form;
  const onValid = (values: DeclineLoadRequestInput) =>
    decline.mutate(values, {
      onSuccess: () => {
        notify({ title: t("review.declinedTitle"), description: request.requestNumber, variant: "success" });
        onDone();
      },
      onError: (error) =>
        notify({ title: t("review.declineFailed"), description: describeError(error, t), variant: "error" }),
    });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      className="grid gap-4 border-t border-slate-100 pt-4"
      data-testid="decline-form"
    >
      <Field
        label={t("review.reason")}
        hint={t("review.reasonHint")}
        error={formState.errors.reason ? t("review.reasonRequired") : undefined}
      >
        <Textarea rows={3} autoFocus aria-required {...register("reason")} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={decline.isPending}>
          {t("common:actions.back")}
        </Button>
        <Button
          type="submit"
          variant="destructive"
          disabled={decline.isPending}
          data-testid="confirm-decline"
        >
          {decline.isPending ? <Spinner className="text-current" /> : <X aria-hidden />}
          {t("review.decline")}
        </Button>
      </div>
    </form>
  );
}
