import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";
import { Spinner } from "./ui/feedback";

/** A yes/no question about one record; the confirm button stays disabled while the request runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  pending,
  confirmDisabled,
  onConfirm,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel: string;
  destructive?: boolean;
  pending?: boolean;
  /** Keeps the confirm button off until the dialog's own inputs are complete. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  /** A wider dialog for a question that lists what it is about (`max-w-2xl`). */
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("common");
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={description}
      closeLabel={t("common:actions.close")}
      className={className}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {t("common:actions.cancel")}
          </Button>
          <Button
            variant={destructive ? "destructive" : "default"}
            onClick={onConfirm}
            disabled={pending || confirmDisabled}
          >
            {pending ? <Spinner className="text-current" /> : null}
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
