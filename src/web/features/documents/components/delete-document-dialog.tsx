import type { Document } from "@shared/documents/documents.schema";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { notify } from "../../../lib/toast";
import { useDeleteCompanyDocument } from "../api/documents";
import { useDocumentMessages } from "../documents-messages";

/** Deleting a company document removes its file for good. */
export function DeleteDocumentDialog({
  document: doc,
  open,
  onOpenChange,
}: {
  document: Document | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("documents");
  const messages = useDocumentMessages();
  const remove = useDeleteCompanyDocument();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("deleteDialog.title")}
      description={doc ? t("deleteDialog.text", { name: doc.name }) : undefined}
      confirmLabel={t("delete")}
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        doc &&
        remove.mutate(doc.id, {
          onSuccess: () => {
            notify({ title: t("deleteDialog.done", { name: doc.name }), variant: "success" });
            onOpenChange(false);
          },
          onError: (error) =>
            notify({ title: t("deleteDialog.failed"), description: messages.error(error), variant: "error" }),
        })
      }
    />
  );
}
