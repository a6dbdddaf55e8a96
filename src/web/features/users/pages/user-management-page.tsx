import { lazyDialog } from "../../../components/ui/lazy";

const FILTERS = ["role", "status"] as const;

import { ROLES, ROUTES } from "@shared/access";
import { USER_SORTS, USER_STATUSES, type UserListItem, userFilterSchema } from "@shared/users/users.schema";
import { useQueryClient } from "@tanstack/react-query";
import { UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";
import { Td, Tr } from "../../../components/ui/table";
import { describeError, isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDate, formatDateTime } from "../../../lib/format";
import { switchIdentity, useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useDeleteUser, useImpersonate, useResetTwoFactor, useSetUserDisabled, useUsers } from "../api/users";
import { RoleBadge, UserStatus } from "../components/user-badges";
import { type UserAction, UserRowActions } from "../components/user-row-actions";

const ChangeRoleDialog = lazyDialog(() =>
  import("../components/change-role-dialog").then((m) => m.ChangeRoleDialog),
);
const CreateUserDialog = lazyDialog(() =>
  import("../components/create-user-dialog").then((m) => m.CreateUserDialog),
);
const TemporaryPasswordDialog = lazyDialog(() =>
  import("../components/temporary-password-dialog").then((m) => m.TemporaryPasswordDialog),
);

function initials(name: string) {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

type Pending = { kind: "disable" | "enable" | "delete" | "resetTwoFactor"; user: UserListItem };

export default function UserManagementPage() {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const meId = useMe().data?.user.id;

  const list = useListScreen(userFilterSchema, useUsers, {
    filters: FILTERS,
    fetchFailed: t("users.toast.fetchFailed"),
  });
  const { filter, update } = list;
  const { role, status } = filter;

  const [creating, setCreating] = useState(false);
  const [roleUser, setRoleUser] = useState<UserListItem | null>(null);
  const [passwordUser, setPasswordUser] = useState<UserListItem | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const setDisabled = useSetUserDisabled();
  const deleteUser = useDeleteUser();
  const resetTwoFactor = useResetTwoFactor();
  const impersonate = useImpersonate();

  const denySelfDelete = () =>
    notify({
      title: t("users.toast.actionDenied"),
      description: t("users.toast.cannotDeleteSelf"),
      variant: "error",
    });

  const startImpersonating = (user: UserListItem) =>
    impersonate.mutate(user.id, {
      onSuccess: ({ email }) => {
        notify({
          title: t("users.toast.impersonationStarted"),
          description: t("users.toast.impersonationStartedText", { email }),
          variant: "success",
        });
        // Leave this page before the new identity loads: refetching the user list as the
        // impersonated user would only earn a 403 (and a console error).
        void switchIdentity(queryClient, "IMPERSONATION_CHANGED", ROUTES.home.path, navigate);
      },
      onError: (error) =>
        notify({
          title: t("users.toast.impersonationFailed"),
          description: describeError(error, t),
          variant: "error",
        }),
    });

  const onAction = (action: UserAction, user: UserListItem) => {
    if (action === "role") setRoleUser(user);
    else if (action === "password") setPasswordUser(user);
    else if (action === "impersonate") startImpersonating(user);
    // Refused here, before any request: the server would refuse too (403 CANNOT_DELETE_SELF).
    else if (action === "delete" && user.id === meId) denySelfDelete();
    else setPending({ kind: action, user });
  };

  const confirmPending = () => {
    if (!pending) return;
    const { kind, user } = pending;
    if (kind === "resetTwoFactor") {
      resetTwoFactor.mutate(user.id, {
        onSuccess: () => {
          notify({ title: t("users.toast.twoFactorReset", { email: user.email }), variant: "success" });
          setPending(null);
        },
        onError: (error) =>
          notify({
            title: t("users.toast.updateFailed"),
            description: describeError(error, t),
            variant: "error",
          }),
      });
      return;
    }
    if (kind === "delete") {
      deleteUser.mutate(user.id, {
        onSuccess: () => {
          notify({
            title: t("users.toast.deleted"),
            description: t("users.toast.deletedText", { email: user.email }),
            variant: "success",
          });
          setPending(null);
        },
        onError: (error) => {
          if (isApiError(error, 403, "CANNOT_DELETE_SELF")) denySelfDelete();
          else
            notify({
              title: t("users.toast.deleteFailed"),
              description: describeError(error, t),
              variant: "error",
            });
        },
      });
      return;
    }
    setDisabled.mutate(
      { id: user.id, disabled: kind === "disable" },
      {
        onSuccess: () => {
          notify({
            title: t(kind === "disable" ? "users.toast.disabled" : "users.toast.enabled"),
            description: t(kind === "disable" ? "users.toast.disabledText" : "users.toast.enabledText", {
              email: user.email,
            }),
            variant: "success",
          });
          setPending(null);
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
    <ListPage
      title={t("users.title")}
      description={t("users.description")}
      actions={
        <Button onClick={() => setCreating(true)} className="w-full sm:w-auto">
          <UserPlus aria-hidden />
          {t("users.add")}
        </Button>
      }
    >
      <ListPanel
        list={list}
        search={{ label: t("users.searchLabel"), hint: t("users.searchHint") }}
        filters={
          <>
            <Select
              aria-label={t("users.filters.role")}
              value={role ?? ""}
              onChange={(e) => update({ role: e.target.value })}
              className="lg:w-auto lg:min-w-40"
            >
              <option value="">{t("users.filters.allRoles")}</option>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`common:roles.${r}`)}
                </option>
              ))}
            </Select>
            <Select
              aria-label={t("users.filters.status")}
              value={status ?? ""}
              onChange={(e) => update({ status: e.target.value })}
              className="lg:w-auto lg:min-w-40"
            >
              <option value="">{t("users.filters.allStatuses")}</option>
              {USER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`users.status.${s}`)}
                </option>
              ))}
            </Select>
          </>
        }
        sortMenu={{
          columns: USER_SORTS,
          optionLabel: (column, d) => t(`users.sortOptions.${column}.${d}`),
        }}
        errorTitle={t("users.toast.fetchFailed")}
        empty={{
          ...emptyCopy(t, "users.empty"),
          action: (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Users aria-hidden />
              {t("users.add")}
            </Button>
          ),
        }}
        tableLabel={t("users.title")}
        columns={[
          { key: "name", label: t("users.fields.name"), sort: "name", className: "pl-4" },
          { key: "email", label: t("users.fields.email"), sort: "email" },
          { key: "role", label: t("users.fields.role"), sort: "role" },
          { key: "status", label: t("users.fields.status") },
          { key: "lastSignIn", label: t("users.fields.lastSignIn"), sort: "lastSignInAt" },
          { key: "createdAt", label: t("users.fields.createdAt"), sort: "createdAt" },
          {
            label: <span className="sr-only">{t("users.actions.column")}</span>,
            className: "sticky right-0 w-12 bg-slate-50 pr-4",
          },
        ]}
        row={(user, _page, labels) => {
          const isSelf = user.id === meId;
          return (
            <Tr data-testid={`user-row-${user.email}`} className={cn(stacked.row, "group")}>
              <Td className={cn(stacked.primary, "pl-4")}>
                <div className="flex min-w-0 items-center gap-3">
                  <span
                    aria-hidden
                    className={cn(
                      "flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                      user.status === "active" ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-500",
                    )}
                  >
                    {initials(user.name)}
                  </span>
                  <div className="min-w-0">
                    <div className="truncate font-medium text-slate-900">
                      {user.name}
                      {isSelf ? (
                        <span className="ml-1.5 font-normal text-slate-500">{t("users.you")}</span>
                      ) : null}
                    </div>
                    <div className="truncate text-xs text-slate-500 lg:hidden">{user.email}</div>
                  </div>
                </div>
              </Td>
              <Td data-label={labels.email} className={cn(stacked.cell, "text-slate-600 max-lg:hidden")}>
                <span className="whitespace-nowrap">{user.email}</span>
              </Td>
              <Td data-label={labels.role} className={stacked.cell}>
                <RoleBadge role={user.role} />
              </Td>
              <Td data-label={labels.status} className={stacked.cell}>
                <UserStatus user={user} />
              </Td>
              <Td data-label={labels.lastSignIn} className={cn(stacked.cell, "text-slate-600 lg:min-w-32")}>
                {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t("users.neverSignedIn")}
              </Td>
              <Td
                data-label={labels.createdAt}
                className={cn(stacked.cell, "whitespace-nowrap text-slate-600")}
              >
                <time dateTime={user.createdAt} title={formatDateTime(user.createdAt)}>
                  {formatDate(user.createdAt)}
                </time>
              </Td>
              {/* Pinned right so the menu stays reachable when a narrow screen scrolls the table. */}
              <Td
                className={cn(
                  stacked.corner,
                  "pr-4 text-right lg:sticky lg:right-0 lg:bg-white lg:group-hover:bg-slate-50",
                )}
              >
                <UserRowActions
                  user={user}
                  isSelf={isSelf}
                  busy={impersonate.isPending && impersonate.variables === user.id}
                  onAction={onAction}
                />
              </Td>
            </Tr>
          );
        }}
      />

      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <ChangeRoleDialog user={roleUser} onClose={() => setRoleUser(null)} />
      <TemporaryPasswordDialog user={passwordUser} onClose={() => setPasswordUser(null)} />
      <ConfirmDialog
        open={!!pending}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? t(`users.confirm.${pending.kind}.title`, { name: pending.user.name }) : ""}
        description={
          pending
            ? t(`users.confirm.${pending.kind}.text`, { name: pending.user.name, email: pending.user.email })
            : undefined
        }
        confirmLabel={pending ? t(`users.confirm.${pending.kind}.submit`) : ""}
        destructive={pending?.kind !== "enable"}
        pending={setDisabled.isPending || deleteUser.isPending || resetTwoFactor.isPending}
        onConfirm={confirmPending}
      />
    </ListPage>
  );
}
