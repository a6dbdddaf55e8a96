import type { DriverAction, LoadDetail, LoadFileKind } from "@shared/loads/loads.schema";
import { Camera, CheckCircle2, FileUp, PackageCheck, Play, ThumbsDown, ThumbsUp } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { describeError, isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { isQueued } from "../../../lib/outbox/outbox";
import { notifyQueued } from "../../../lib/outbox/use-outbox";
import { notify } from "../../../lib/toast";
import { useDriverAction } from "../api/loads";
import { formatBytes, LOAD_FILE_ACCEPT, useLoadFileUpload } from "./load-files-panel";

const ORDER: readonly DriverAction[] = ["accept", "start", "deliver", "decline"];
const ICONS = { accept: ThumbsUp, decline: ThumbsDown, start: Play, deliver: PackageCheck } as const;

/** The paper delivery needs: the BOL or POD, or the POD itself when the company completes loads on it. */
const hasProof = (load: LoadDetail) =>
  load.files.some((f) => f.kind === "pod" || (f.kind === "bol" && load.completesOn === "departure"));
const PROOF_CODES = ["BOL_REQUIRED", "POD_REQUIRED"];

/**
 * What the assigned driver can do next (the server lists it in `driverActions`): accept, decline
 * with a reason, start the trip, mark delivered. Delivering needs a BOL or POD on the load, so the
 * button asks for one first (camera or file), uploads it, then completes; with the paper already on
 * file it asks to confirm (one tap must not complete a load). The server leaves "Mark as delivered"
 * out while the driver checks in stop by stop (issue 38). Used on the load and on the dashboard.
 */
export function DriverLoadActions({
  load,
  onDeclined,
  className,
}: {
  load: LoadDetail;
  /** After a decline the load is no longer the driver's: where to go. */
  onDeclined?: () => void;
  className?: string;
}) {
  const { t } = useTranslation("loads");
  const act = useDriverAction(load.id);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [proofOpen, setProofOpen] = useState(false);
  const [confirmingDelivery, setConfirmingDelivery] = useState(false);
  /** The first pickup's time when the server asked to confirm an early start. */
  const [earlyPickup, setEarlyPickup] = useState<string | null>(null);
  const actions = ORDER.filter((a) => load.driverActions.includes(a));

  const run = (action: DriverAction, extra: { reason?: string; confirmEarly?: boolean } = {}) =>
    act.mutateAsync({ action, ...extra }).then(
      (answer) => {
        if (isQueued(answer)) {
          // Kept on the phone; sent in order (after the proof photo, if any) when the network returns.
          notifyQueued(t);
          if (action === "decline") onDeclined?.();
          return true;
        }
        notify({
          title: t(`actions.done.${action}`),
          description: t(`actions.doneText.${action}`, { number: load.loadNumber }),
          variant: "success",
        });
        if (action === "decline") onDeclined?.();
        return true;
      },
      (error: unknown) => {
        if (action === "deliver" && isApiError(error, 409) && PROOF_CODES.includes(error.code)) {
          setConfirmingDelivery(false);
          setProofOpen(true);
          return false;
        }
        if (action === "start" && isApiError(error, 409, "EARLY_START")) {
          setEarlyPickup((error.details as { pickupAt?: string } | undefined)?.pickupAt ?? load.pickupAt);
          return false;
        }
        notify({ title: t("actions.failed"), description: describeError(error, t), variant: "error" });
        return false;
      },
    );

  const onClick = (action: DriverAction) => {
    if (action === "decline") {
      setReason("");
      setDeclining(true);
    } else if (action === "deliver") {
      if (hasProof(load)) setConfirmingDelivery(true);
      else setProofOpen(true);
    } else void run(action);
  };

  if (actions.length === 0) return null;
  return (
    <div className={cn("grid gap-2 sm:grid-cols-2", className)} data-testid="driver-actions">
      {actions.map((action) => {
        const Icon = ICONS[action];
        const busy = act.isPending && act.variables?.action === action;
        return (
          <Button
            key={action}
            variant={action === "decline" ? "outline" : action === "deliver" ? "success" : "default"}
            className={cn(
              "h-12 text-base",
              action === "decline" && "border-red-200 text-red-700 hover:bg-red-50",
              actions.length === 1 && "sm:col-span-2",
            )}
            disabled={act.isPending}
            onClick={() => onClick(action)}
            data-testid={`driver-action-${action}`}
          >
            {busy ? <Spinner className="text-current" /> : <Icon aria-hidden />}
            {t(`actions.${action}`)}
          </Button>
        );
      })}

      <ConfirmDialog
        open={declining}
        onOpenChange={setDeclining}
        title={t("actions.declineTitle", { number: load.loadNumber })}
        description={t("actions.declineText")}
        confirmLabel={t("actions.decline")}
        destructive
        pending={act.isPending}
        onConfirm={() =>
          void run("decline", { reason: reason.trim() || undefined }).then((ok) => ok && setDeclining(false))
        }
      >
        <Field label={t("actions.declineReason")} hint={t("actions.declineReasonHint")}>
          <Textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            maxLength={500}
            data-testid="decline-reason"
          />
        </Field>
      </ConfirmDialog>

      <ConfirmDialog
        open={earlyPickup !== null}
        onOpenChange={(open) => !open && setEarlyPickup(null)}
        title={t("actions.earlyTitle")}
        description={t("actions.earlyText", { pickupAt: formatDateTime(earlyPickup) })}
        confirmLabel={t("actions.start")}
        pending={act.isPending}
        onConfirm={() => void run("start", { confirmEarly: true }).then((ok) => ok && setEarlyPickup(null))}
      />

      <ConfirmDialog
        open={confirmingDelivery}
        onOpenChange={setConfirmingDelivery}
        title={t("actions.deliverTitle", { number: load.loadNumber })}
        description={t("actions.deliverText")}
        confirmLabel={t("actions.deliver")}
        pending={act.isPending}
        onConfirm={() => void run("deliver").then((ok) => ok && setConfirmingDelivery(false))}
      />

      <DeliverWithProofDialog
        load={load}
        open={proofOpen}
        onOpenChange={setProofOpen}
        deliver={() => run("deliver")}
        delivering={act.isPending}
      />
    </div>
  );
}

/**
 * The upload step of "Mark as delivered": a photo or PDF of the signed BOL/POD, then delivery. When
 * the company completes loads on the proof of delivery, only a POD is asked for, and its upload is
 * what delivers the load (the server does it).
 */
export function DeliverWithProofDialog({
  load,
  open,
  onOpenChange,
  deliver,
  delivering,
}: {
  load: LoadDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deliver: () => Promise<boolean>;
  delivering: boolean;
}) {
  const { t } = useTranslation("loads");
  const podOnly = load.completesOn === "pod";
  const kinds: LoadFileKind[] = podOnly ? ["pod"] : ["bol", "pod"];
  const [file, setFile] = useState<File | null>(null);
  const [chosenKind, setKind] = useState<LoadFileKind>("bol");
  const kind = podOnly ? "pod" : chosenKind;
  const { send, pending } = useLoadFileUpload(load.id);
  const cameraRef = useRef<HTMLInputElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const name = useId();
  const busy = pending || delivering;

  const close = (next: boolean) => {
    if (busy) return;
    onOpenChange(next);
    if (!next) setFile(null);
  };

  const submit = async () => {
    if (!file) return;
    // An upload that went through is kept even if delivery then fails: the retry needs no new file.
    const sent = await send(file, kind, { quiet: true });
    if (!sent) return;
    setFile(null);
    if (podOnly && sent === "queued") onOpenChange(false);
    else if (podOnly) {
      notify({
        title: t("actions.done.deliver"),
        description: t("actions.doneText.deliver", { number: load.loadNumber }),
        variant: "success",
      });
      onOpenChange(false);
    } else if (await deliver()) onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t(podOnly ? "deliver.titlePod" : "deliver.title")}
      description={t(podOnly ? "deliver.textPod" : "deliver.text", { number: load.loadNumber })}
      closeLabel={t("common:actions.close")}
      footer={
        <>
          <Button variant="outline" className="h-11" onClick={() => close(false)} disabled={busy}>
            {t("common:actions.cancel")}
          </Button>
          <Button
            variant="success"
            className="h-11"
            onClick={() => void submit()}
            disabled={!file || busy}
            data-testid="deliver-submit"
          >
            {busy ? <Spinner className="text-current" /> : <CheckCircle2 aria-hidden />}
            {t("deliver.submit")}
          </Button>
        </>
      }
    >
      <fieldset className={cn("grid gap-2", kinds.length > 1 && "grid-cols-2")}>
        <legend className="sr-only">{t("files.kind")}</legend>
        {kinds.map((k) => (
          <label
            key={k}
            className={cn(
              "flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium",
              kind === k ? "border-brand-500 bg-brand-50 text-brand-900" : "border-slate-200",
            )}
          >
            <input
              type="radio"
              name={name}
              checked={kind === k}
              onChange={() => setKind(k)}
              className="size-4 accent-brand-700"
            />
            {t(`files.kinds.${k}`)}
          </label>
        ))}
      </fieldset>

      <input
        ref={cameraRef}
        type="file"
        accept={LOAD_FILE_ACCEPT}
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-label={t("deliver.takePhoto")}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        data-testid="bol-file-input"
      />
      <input
        ref={pickerRef}
        type="file"
        accept={LOAD_FILE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t("deliver.chooseFile")}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Button className="h-14 text-base" onClick={() => cameraRef.current?.click()} disabled={busy}>
          <Camera aria-hidden />
          {t("deliver.takePhoto")}
        </Button>
        <Button
          variant="outline"
          className="h-14 text-base"
          onClick={() => pickerRef.current?.click()}
          disabled={busy}
        >
          <FileUp aria-hidden />
          {t("deliver.chooseFile")}
        </Button>
      </div>
      {file ? (
        <p
          className="flex items-center gap-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          data-testid="bol-chosen"
        >
          <CheckCircle2 className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{file.name}</span>
          <span className="ml-auto shrink-0 text-emerald-700">{formatBytes(file.size)}</span>
        </p>
      ) : (
        <p className="text-sm text-slate-500">{t("deliver.hint")}</p>
      )}
    </Dialog>
  );
}
