import type { Role } from "@shared/access";
import type { UserListItem } from "@shared/users/users.schema";
import { KeyRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";

const ROLE_TONE: Partial<Record<Role, "info" | "warning">> = { admin: "info", customer: "warning" };

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation("admin");
  return <Badge tone={ROLE_TONE[role] ?? "neutral"}>{t(`common:roles.${role}`)}</Badge>;
}

export function UserStatus({ user }: { user: Pick<UserListItem, "status" | "mustChangePassword"> }) {
  const { t } = useTranslation("admin");
  const active = user.status === "active";
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-x-2 gap-y-1 lg:justify-start">
      <Badge tone={active ? "success" : "danger"} className="gap-1.5">
        <span className={`size-1.5 rounded-full ${active ? "bg-emerald-500" : "bg-red-500"}`} aria-hidden />
        {t(`users.status.${user.status}`)}
      </Badge>
      {user.mustChangePassword ? (
        <span
          className="inline-flex items-center gap-1 text-xs text-amber-700"
          title={t("users.mustChangePasswordHint")}
        >
          <KeyRound className="size-3.5" aria-hidden />
          {t("users.mustChangePassword")}
        </span>
      ) : null}
    </span>
  );
}
