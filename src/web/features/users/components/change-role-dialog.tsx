import { ROLES, type Role } from "@shared/access";
import type { UserListItem } from "@shared/users/users.schema";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Alert } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Select } from "../../../components/ui/input";
import { describeError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useChangeRole } from "../api/users";

/** Roles that come with a record of their own (a driver profile, a customer company). */
const ROLE_WITH_RECORD: readonly Role[] = ["driver", "customer"];

export function ChangeRoleDialog({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const changeRole = useChangeRole();
  const [role, setRole] = useState<Role>(user?.role ?? "driver");

  useEffect(() => {
    if (user) setRole(user.role);
  }, [user]);

  const submit = () => {
    if (!user) return;
    changeRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => {
          notify({
            title: t("users.toast.roleChanged"),
            description: t("users.toast.roleChangedText", {
              name: user.name,
              role: t(`common:roles.${role}`),
            }),
            variant: "success",
          });
          onClose();
        },
        onError: (error) =>
          notify({
            title: t("users.toast.updateFailed"),
            description: describeError(error, t),
            variant: "error",
          }),
      },
    );
  };

  return (
    <ConfirmDialog
      open={!!user}
      onOpenChange={(open) => !open && onClose()}
      title={t("users.changeRole.title")}
      description={user ? t("users.changeRole.description", { name: user.name }) : undefined}
      confirmLabel={t("users.changeRole.submit")}
      pending={changeRole.isPending}
      onConfirm={() => (role === user?.role ? onClose() : submit())}
    >
      <Field label={t("users.fields.role")}>
        <Select
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          disabled={changeRole.isPending}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`common:roles.${r}`)}
              {r === user?.role ? ` · ${t("users.changeRole.current")}` : ""}
            </option>
          ))}
        </Select>
      </Field>
      {user && role !== user.role && ROLE_WITH_RECORD.includes(role) ? (
        <Alert>{t(`users.changeRole.recordHint.${role}`)}</Alert>
      ) : null}
      {user?.role === "admin" && role !== "admin" ? (
        <Alert tone="warning">{t("users.changeRole.adminHint")}</Alert>
      ) : null}
    </ConfirmDialog>
  );
}
