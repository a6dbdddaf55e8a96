import type { LedgerEntry } from "@shared/accounting/ledger.schema";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { formatDate, formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useAccountingMessages } from "../accounting-messages";
import { useVoidLedgerEntry } from "../api/ledger";

/** Voids a hand entry: it stays in the ledger, marked void with the reason, out of the totals. */
export function VoidEntryDialog({
  entry,
  open,
  onOpenChange,
}: {
  entry: LedgerEntry | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("accounting");
  const messages = useAccountingMessages();
  const voidEntry = useVoidLedgerEntry();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (open) {
      setReason("");
      setError(undefined);
    }
  }, [open]);

  const confirm = () => {
    if (!entry) return;
    if (!reason.trim()) {
      setError(t("validation.reasonRequired"));
      return;
    }
    voidEntry.mutate(
      { id: entry.id, reason },
      {
        onSuccess: () => {
          notify({ title: t("voidDialog.done"), variant: "success" });
          onOpenChange(false);
        },
        onError: (err) => {
          setError(messages.error(err));
          notify({ title: t("voidDialog.failed"), description: messages.error(err), variant: "error" });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("voidDialog.title")}
      description={
        entry
          ? t("voidDialog.description", {
              direction: t(`directions.${entry.direction}`),
              amount: formatMoney(entry.amount),
              date: formatDate(entry.occurredOn),
            })
          : undefined
      }
      confirmLabel={t("voidDialog.confirm")}
      destructive
      pending={voidEntry.isPending}
      onConfirm={confirm}
    >
      <Field label={t("voidDialog.reason")} hint={t("voidDialog.reasonHint")} error={error}>
        <Textarea
          rows={2}
          maxLength={500}
          value={reason}
          aria-required
          data-testid="void-reason-input"
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
    </ConfirmDialog>
  );
}
