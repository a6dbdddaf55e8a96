import type { AccidentDetail } from "@shared/accidents/accidents.schema";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { notify } from "../../../lib/toast";
import { useSafetyMessages } from "../../citations/safety-messages";
import { useChangeClaimStatus } from "../api/accidents";

/** Close an open claim or reopen a closed one, with a note for the timeline. */
export function ClaimStatusDialog({
  accident,
  open,
  onOpenChange,
}: {
  accident: AccidentDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("accidents");
  const messages = useSafetyMessages();
  const change = useChangeClaimStatus(accident.id);
  const [note, setNote] = useState("");
  const closing = accident.claimStatus === "open";

  useEffect(() => {
    if (open) setNote("");
  }, [open]);

  const confirm = () =>
    change.mutate(
      { status: closing ? "closed" : "open", note: note.trim() || undefined },
      {
        onSuccess: () => {
          notify({
            title: closing ? t("claim.closed") : t("claim.reopened"),
            description: accident.reference,
            variant: "success",
          });
          onOpenChange(false);
        },
        onError: (error) =>
          notify({ title: t("claim.failed"), description: messages.error(error), variant: "error" }),
      },
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        closing
          ? t("claim.closeTitle", { reference: accident.reference })
          : t("claim.reopenTitle", { reference: accident.reference })
      }
      description={closing ? t("claim.closeText") : t("claim.reopenText")}
      confirmLabel={closing ? t("claim.close") : t("claim.reopen")}
      pending={change.isPending}
      onConfirm={confirm}
    >
      <Field label={t("claim.note")} hint={t("claim.noteHint")}>
        <Textarea
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          data-testid="claim-note"
        />
      </Field>
    </ConfirmDialog>
  );
}
