import { PERMISSIONS, type Permission, ROLES, type Role } from "@shared/access";
import {
  effectivePermissions,
  isEditable,
  PERMISSION_AREAS,
  PERMISSION_CATALOG,
  PERMISSION_NAMES,
  type PermissionArea,
} from "@shared/permissions/catalog";
import { PERMISSIONS_MESSAGES } from "@shared/permissions/permissions.schema";
import { Lock, RotateCcw, Save, Search, Undo2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Input, Select } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useMessageMap } from "../../../lib/use-message-map";
import { usePermissionMatrix, useResetPermissions, useSavePermissions } from "../api/permissions";

const KNOWN = Object.fromEntries(Object.entries(PERMISSIONS_MESSAGES).map(([k, m]) => [m, `errors.${k}`]));

const CODES = { PERMISSION_LOCKED: "errors.locked" };

/** A cell's key in the pending edits: "role permission". */
const cellKey = (role: Role, permission: Permission) => `${role} ${permission}`;
/** i18next reads ":" as a namespace separator: the words of loads:write live under perm.loads_write. */
const wordsKey = (permission: Permission) => permission.replace(":", "_");

/**
 * The permissions editor (`/permissions`, admin): every permission the API checks, by area and in plain
 * words, against every role. The access table's defaults are the starting point and the screens' role
 * lists the ceiling; admin's column and admin-only powers are locked. Edits are saved together.
 */
export default function PermissionsPage() {
  const { t } = useTranslation(["permissions", "common"]);
  const messages = useMessageMap("permissions", KNOWN, CODES);
  const matrix = usePermissionMatrix();
  const save = useSavePermissions();
  const reset = useResetPermissions();
  const [pending, setPending] = useState<Map<string, boolean>>(new Map());
  const [q, setQ] = useState("");
  const [area, setArea] = useState<PermissionArea | "">("");
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);

  const held = useMemo(() => {
    const overrides = matrix.data?.overrides ?? [];
    return Object.fromEntries(
      ROLES.map((r) => [
        r,
        new Set(
          effectivePermissions(
            r,
            overrides.filter((o) => o.role === r),
          ),
        ),
      ]),
    ) as Record<Role, Set<Permission>>;
  }, [matrix.data]);

  const needle = q.trim().toLocaleLowerCase();
  const rows = PERMISSION_NAMES.filter((p) => {
    if (area && PERMISSION_CATALOG[p].area !== area) return false;
    if (onlyChanged && !ROLES.some((r) => changedFromDefault(r, p))) return false;
    if (!needle) return true;
    const words = `${p} ${t(`perm.${wordsKey(p)}.label`)} ${t(`perm.${wordsKey(p)}.help`)}`;
    return words.toLocaleLowerCase().includes(needle);
  });

  function value(role: Role, p: Permission): boolean {
    return pending.get(cellKey(role, p)) ?? held[role]?.has(p) ?? false;
  }
  function changedFromDefault(role: Role, p: Permission): boolean {
    return value(role, p) !== (PERMISSIONS[p] as readonly Role[]).includes(role);
  }
  function toggle(role: Role, p: Permission, next: boolean) {
    setPending((prev) => {
      const copy = new Map(prev);
      if (held[role].has(p) === next) copy.delete(cellKey(role, p));
      else copy.set(cellKey(role, p), next);
      return copy;
    });
  }
  function submit() {
    const changes = [...pending].map(([key, granted]) => {
      const [role, permission] = key.split(" ") as [Role, Permission];
      return { role, permission, granted };
    });
    save.mutate(
      { changes },
      {
        onSuccess: () => {
          setPending(new Map());
          notify({ title: t("saved", { count: changes.length }), variant: "success" });
        },
        onError: (error) =>
          notify({ title: t("failed"), description: messages.error(error), variant: "error" }),
      },
    );
  }

  if (matrix.isPending) return <Spinner label={t("title")} />;
  if (matrix.isError) return <Alert tone="danger">{messages.error(matrix.error)}</Alert>;
  const areas = PERMISSION_AREAS.filter((a) => rows.some((p) => PERMISSION_CATALOG[p].area === a));
  const stored = matrix.data.overrides.length;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button
            variant="secondary"
            disabled={stored === 0 || reset.isPending}
            onClick={() => setConfirmReset(true)}
            data-testid="reset-permissions"
          >
            <RotateCcw aria-hidden />
            {t("reset.action")}
          </Button>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="relative min-w-0 flex-1 basis-64">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            type="search"
            aria-label={t("filters.search")}
            className="pl-9"
            value={q}
            placeholder={t("filters.search")}
            onChange={(e) => setQ(e.target.value)}
            data-testid="permissions-search"
          />
        </div>
        <div className="min-w-0 basis-56">
          <Select
            aria-label={t("filters.area")}
            value={area}
            onChange={(e) => setArea(e.target.value as PermissionArea | "")}
          >
            <option value="">{t("filters.allAreas")}</option>
            {PERMISSION_AREAS.map((a) => (
              <option key={a} value={a}>
                {t(`areas.${a}`)}
              </option>
            ))}
          </Select>
        </div>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={onlyChanged}
            onChange={(e) => setOnlyChanged(e.target.checked)}
          />
          {t("filters.onlyChanged")}
        </label>
      </div>
      <p className="text-sm text-slate-600" data-testid="permissions-status">
        {stored === 0
          ? t("status.defaults")
          : t("status.changed", {
              count: stored,
              name: matrix.data.updatedByName ?? "—",
              when: matrix.data.updatedAt ? formatDateTime(matrix.data.updatedAt) : "—",
            })}
      </p>

      {areas.length === 0 ? (
        <Card className="p-6 text-center text-sm text-slate-600">{t("empty")}</Card>
      ) : null}
      {areas.map((a) => (
        <Card key={a} className="overflow-hidden p-0">
          <h2 className="border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-sm font-semibold text-slate-900">
            {t(`areas.${a}`)}
          </h2>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[720px] text-sm" data-testid={`permissions-area-${a}`}>
              <thead>
                <tr className="text-left text-xs text-slate-500">
                  <th scope="col" className="sticky left-0 z-10 bg-white px-4 py-2 font-medium">
                    {t("columns.permission")}
                  </th>
                  {ROLES.map((r) => (
                    <th key={r} scope="col" className="w-20 px-1 py-2 text-center font-medium">
                      {t(`common:roles.${r}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows
                  .filter((p) => PERMISSION_CATALOG[p].area === a)
                  .map((p) => (
                    <tr key={p} className="border-t border-slate-100" data-testid={`permission-${p}`}>
                      <th
                        scope="row"
                        className="sticky left-0 z-10 max-w-80 bg-white px-4 py-2 text-left font-normal"
                      >
                        <span className="block font-medium text-slate-900">
                          {t(`perm.${wordsKey(p)}.label`)}
                        </span>
                        <span className="block text-xs text-slate-500">{t(`perm.${wordsKey(p)}.help`)}</span>
                      </th>
                      {ROLES.map((r) => {
                        const editable = isEditable(p, r);
                        const on = value(r, p);
                        const edited = pending.has(cellKey(r, p));
                        const label = `${t(`common:roles.${r}`)}: ${t(`perm.${wordsKey(p)}.label`)}`;
                        return (
                          <td
                            key={r}
                            className={cn(
                              "px-1 py-1 text-center",
                              edited && "bg-amber-50",
                              !edited && changedFromDefault(r, p) && "bg-brand-50",
                            )}
                          >
                            {editable ? (
                              <label className="inline-flex size-11 cursor-pointer items-center justify-center">
                                <span className="sr-only">{label}</span>
                                <input
                                  type="checkbox"
                                  className="size-4 accent-brand-700"
                                  checked={on}
                                  onChange={(e) => toggle(r, p, e.target.checked)}
                                  data-testid={`cell-${r}-${p}`}
                                />
                              </label>
                            ) : (
                              <span
                                className="inline-flex size-11 items-center justify-center text-slate-500"
                                title={t(on ? "cell.lockedOn" : "cell.lockedOff")}
                              >
                                {on ? <Lock aria-hidden className="size-3.5" /> : "—"}
                                <span className="sr-only">
                                  {label}: {t(on ? "cell.lockedOn" : "cell.lockedOff")}
                                </span>
                              </span>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </Card>
      ))}

      <p className="text-xs text-slate-500">{t("legend")}</p>

      {pending.size > 0 ? (
        <div className="sticky bottom-4 z-20 flex flex-wrap items-center justify-end gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
          <span className="mr-auto text-sm text-slate-700">{t("pending", { count: pending.size })}</span>
          <Button variant="secondary" onClick={() => setPending(new Map())}>
            <Undo2 aria-hidden />
            {t("discard")}
          </Button>
          <Button onClick={submit} disabled={save.isPending} data-testid="save-permissions">
            {save.isPending ? <Spinner /> : <Save aria-hidden />}
            {t("save")}
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={t("reset.title")}
        description={t("reset.description", { count: stored })}
        confirmLabel={t("reset.confirm")}
        destructive
        pending={reset.isPending}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirmReset(false);
              setPending(new Map());
              notify({ title: t("reset.done"), variant: "success" });
            },
            onError: (error) =>
              notify({ title: t("failed"), description: messages.error(error), variant: "error" }),
          })
        }
      />
    </div>
  );
}
