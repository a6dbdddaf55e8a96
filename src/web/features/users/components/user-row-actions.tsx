import type { UserListItem } from "@shared/users/users.schema";
import {
  Ban,
  CircleCheck,
  KeyRound,
  MoreHorizontal,
  ShieldOff,
  Trash2,
  UserCog,
  VenetianMask,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";

export type UserAction =
  | "role"
  | "password"
  | "disable"
  | "enable"
  | "delete"
  | "impersonate"
  | "resetTwoFactor";

/**
 * The row's menu. On your own row only "delete" stays, so the page can explain why it is
 * refused: the server refuses your own role or status change, and a temporary password for
 * yourself would lock you out until you change it. Impersonation is only offered where the
 * server would allow it.
 */
export function UserRowActions({
  user,
  isSelf,
  busy,
  onAction,
}: {
  user: UserListItem;
  isSelf: boolean;
  busy: boolean;
  onAction: (action: UserAction, user: UserListItem) => void;
}) {
  const { t } = useTranslation("admin");
  const canImpersonate = !isSelf && user.role !== "admin" && user.status === "active";
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        data-testid={`user-actions-${user.email}`}
        aria-label={t("users.actions.menu", { name: user.name })}
        disabled={busy}
        className="inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-50 data-[state=open]:bg-slate-100"
      >
        <MoreHorizontal className="size-4" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56">
        <DropdownMenuLabel className="truncate">{user.email}</DropdownMenuLabel>
        {isSelf ? null : (
          <DropdownMenuItem onSelect={() => onAction("role", user)}>
            <UserCog aria-hidden />
            {t("users.actions.changeRole")}
          </DropdownMenuItem>
        )}
        {isSelf ? null : (
          <DropdownMenuItem onSelect={() => onAction("password", user)}>
            <KeyRound aria-hidden />
            {t("users.actions.setPassword")}
          </DropdownMenuItem>
        )}
        {!isSelf && user.twoFactorEnabled ? (
          <DropdownMenuItem onSelect={() => onAction("resetTwoFactor", user)}>
            <ShieldOff aria-hidden />
            {t("users.actions.resetTwoFactor")}
          </DropdownMenuItem>
        ) : null}
        {canImpersonate ? (
          <DropdownMenuItem onSelect={() => onAction("impersonate", user)}>
            <VenetianMask aria-hidden />
            {t("users.actions.impersonate")}
          </DropdownMenuItem>
        ) : null}
        {isSelf ? null : user.status === "active" ? (
          <DropdownMenuItem onSelect={() => onAction("disable", user)}>
            <Ban aria-hidden />
            {t("users.actions.disable")}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onAction("enable", user)}>
            <CircleCheck aria-hidden />
            {t("users.actions.enable")}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => onAction("delete", user)}
          className="text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800"
        >
          <Trash2 aria-hidden />
          {t("users.actions.delete")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
