import { VEHICLE_STATUSES } from "@shared/fleet/fleet.schema";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { stacked } from "../../../components/list/stacked-table";
import { Select } from "../../../components/ui/input";
import { Td } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";

/** The row's name, linking to the asset's page; the whole row is its target. */
export function AssetLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="whitespace-nowrap font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
    >
      {children}
    </Link>
  );
}

/** The last cell of both lists: who has the asset now. */
export function AssetDriverCell({ label, name }: { label: string | undefined; name: string | null }) {
  const { t } = useTranslation("fleet");
  return (
    <Td data-label={label} className={cn(stacked.cell, "pr-4 text-slate-700")}>
      {name ?? <span className="text-slate-500">{t("vehicles.unassigned")}</span>}
    </Td>
  );
}

/** Assigned to a driver or not: the last filter of both lists. */
export function AssignmentFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("fleet");
  return (
    <Select
      aria-label={t("filters.assignment")}
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value)}
      className="lg:w-auto"
    >
      <option value="">{t("filters.anyAssignment")}</option>
      <option value="yes">{t("filters.assigned")}</option>
      <option value="no">{t("filters.unassigned")}</option>
    </Select>
  );
}

/** Active, in shop, out of service…: the status filter of both lists. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("fleet");
  return (
    <Select
      aria-label={t("fields.status")}
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value)}
      className="lg:w-auto"
      data-testid="filter-status"
    >
      <option value="">{t("filters.anyStatus")}</option>
      {VEHICLE_STATUSES.map((s) => (
        <option key={s} value={s}>
          {t(`status.${s}`)}
        </option>
      ))}
    </Select>
  );
}
