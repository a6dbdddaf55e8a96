import type { Rating } from "@shared/drivers/ratings.schema";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { lazyDialog } from "../../../components/ui/lazy";
import { notify } from "../../../lib/toast";
import { useDeleteRating } from "../api/ratings";
import { useDriverMessages } from "../driver-messages";

const RateDriverDialog = lazyDialog(() => import("./rate-driver-dialog").then((m) => m.RateDriverDialog));

/**
 * A review card's two actions, shared by the driver's ratings tab and the reviews page: the edit
 * dialog for `editing`, and the delete confirmation for `removing` (toasted either way).
 */
export function ReviewDialogs({
  editing,
  setEditing,
  removing,
  setRemoving,
}: {
  editing: Rating | null;
  setEditing: (rating: Rating | null) => void;
  removing: Rating | null;
  setRemoving: (rating: Rating | null) => void;
}) {
  const { t } = useTranslation("drivers");
  const messages = useDriverMessages();
  const remove = useDeleteRating();
  return (
    <>
      <RateDriverDialog
        open={!!editing}
        onOpenChange={(o) => !o && setEditing(null)}
        rating={editing ?? undefined}
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t("reviews.deleteTitle")}
        description={removing ? t("reviews.deleteText", { load: removing.loadNumber }) : undefined}
        confirmLabel={t("reviews.deleteConfirm")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notify({ title: t("reviews.deleted"), variant: "success" });
              setRemoving(null);
            },
            onError: (error) =>
              notify({
                title: t("reviews.deleteFailed"),
                description: messages.error(error),
                variant: "error",
              }),
          })
        }
      />
    </>
  );
}
