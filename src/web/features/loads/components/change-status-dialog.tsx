import type { LoadDetail, LoadStatus } from "@shared/loads/loads.schema";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadStatusBadge } from "../../../components/status/load-status-badge";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { describeError, isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { notify } from "../../../lib/toast";
import { useChangeLoadStatus } from "../api/loads";

/**
 * Staff move a load along the transition table: only the statuses the server says are allowed
 * are offered. `preset` opens it on one status (Cancel load).
 */
export function ChangeStatusDialog({
  load,
  open,
  preset,
  onOpenChange,
}: {
  load: LoadDetail;
  open: boolean;
  preset?: LoadStatus;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("loads");
  const change = useChangeLoadStatus(load.id);
  const [status, setStatus] = useState<LoadStatus | null>(null);
  const [note, setNote] = useState("");
  const name = useId();
  const options = load.allowedStatuses;

  useEffect(() => {
    if (open) {
      setStatus(preset ?? (options.length === 1 ? options[0] : null));
      setNote("");
    }
  }, [open, preset, options]);

  const confirm = () => {
    if (!status) return;
    change.mutate(
      { status, note: note.trim() || undefined },
      {
        onSuccess: () => {
          notify({
            title: t("toast.statusChanged"),
            description: t("toast.statusChangedText", {
              number: load.loadNumber,
              status: t(`status.${status}`),
            }),
            variant: "success",
          });
          onOpenChange(false);
        },
        onError: (error) =>
          notify({
            title: isApiError(error, 409) ? t("toast.transitionRefused") : t("toast.statusFailed"),
            description: describeError(error, t),
            variant: "error",
          }),
      },
    );
  };

  const cancelling = preset === "cancelled";
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        cancelling ? t("changeStatus.cancelTitle", { number: load.loadNumber }) : t("changeStatus.title")
      }
      description={
        cancelling ? t("changeStatus.cancelText") : t("changeStatus.text", { number: load.loadNumber })
      }
      confirmLabel={cancelling ? t("changeStatus.cancelSubmit") : t("changeStatus.submit")}
      destructive={status === "cancelled"}
      pending={change.isPending}
      confirmDisabled={!status}
      onConfirm={confirm}
    >
      <div className="grid grid-cols-1 gap-4">
        {cancelling ? null : (
          <fieldset className="grid grid-cols-1 gap-2">
            <legend className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-700">
              {t("changeStatus.current")} <LoadStatusBadge status={load.status} />
            </legend>
            {options.length === 0 ? (
              <p className="text-sm text-slate-500">{t("changeStatus.none")}</p>
            ) : (
              options.map((s) => (
                <label
                  key={s}
                  className={cn(
                    "flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2",
                    status === s ? "border-brand-500 bg-brand-50" : "border-slate-200 hover:bg-slate-50",
                  )}
                >
                  <input
                    type="radio"
                    name={name}
                    value={s}
                    checked={status === s}
                    onChange={() => setStatus(s)}
                    className="size-4 accent-brand-700"
                    data-testid={`status-option-${s}`}
                  />
                  <LoadStatusBadge status={s} />
                  <span className="text-sm text-slate-600">{t(`changeStatus.hint.${s}`)}</span>
                </label>
              ))
            )}
          </fieldset>
        )}
        <Field label={t("changeStatus.note")} hint={t("changeStatus.noteHint")}>
          <Textarea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={500}
            rows={3}
            data-testid="status-note"
          />
        </Field>
      </div>
    </ConfirmDialog>
  );
}
