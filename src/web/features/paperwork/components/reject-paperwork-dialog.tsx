import { REJECT_REASON_MAX, rejectPaperworkSchema } from "@shared/paperwork/paperwork.schema";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { notify } from "../../../lib/toast";
import { useRejectPaperwork } from "../api/paperwork";
import { usePaperworkMessages } from "../paperwork-messages";

/** Rejects a load's BOL/POD with a reason the driver reads on the load; the reason stays typed on error. */
export function RejectPaperworkDialog({
  load,
  open,
  onOpenChange,
  onDone,
}: {
  load: { id: string; loadNumber: string; driverName: string | null; driverCanBeAsked: boolean } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation("paperwork");
  const messages = usePaperworkMessages();
  const reject = useRejectPaperwork();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (open) {
      setReason("");
      setError(undefined);
    }
  }, [open]);

  const confirm = () => {
    if (!load) return;
    const parsed = rejectPaperworkSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(messages.field(parsed.error.issues[0]?.message));
      return;
    }
    reject.mutate(
      { loadId: load.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          notify({
            title: t("reject.done"),
            description: load.driverCanBeAsked
              ? t("reject.doneText", { name: load.driverName })
              : t("reject.doneNoDriver"),
            variant: "success",
          });
          onOpenChange(false);
          onDone?.();
        },
        onError: (err) => {
          setError(messages.error(err));
          notify({ title: t("reject.failed"), description: messages.error(err), variant: "error" });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={load ? t("reject.title", { number: load.loadNumber }) : ""}
      description={t("reject.description")}
      confirmLabel={t("reject.confirm")}
      destructive
      pending={reject.isPending}
      onConfirm={confirm}
    >
      <Field label={t("reject.reason")} hint={t("reject.reasonHint")} error={error}>
        <Textarea
          rows={3}
          maxLength={REJECT_REASON_MAX}
          value={reason}
          aria-required
          data-testid="reject-reason"
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
    </ConfirmDialog>
  );
}
