import { routePath } from "@shared/access";
import type { DriverDetail } from "@shared/drivers/management.schema";
import { LOAD_STATUSES, type LoadStatus } from "@shared/loads/loads.schema";
import { ArrowRight, Container, Truck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { stacked } from "../../../components/list/stacked-table";
import { LoadStatusBadge } from "../../../components/status/load-status-badge";
import { TimeOffStatusBadge } from "../../../components/status/time-off-status-badge";
import { Badge } from "../../../components/ui/badge";
import { EmptyState } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { describePay } from "../../../lib/describe-pay";
import { formatDateTime } from "../../../lib/format";
import { useDriverAssignments, useDriverLoads, useDriverTimeOff } from "../api/drivers";
import { ExpiryDate, formatDay } from "./expiry";

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">{children}</dl>
    </section>
  );
}

const dash = (v: string | null | undefined) => (v ? v : "—");

/** Everything on file: identity, licence and medical card, insurance, pay defaults, account, notes. */
export function DetailsTab({ driver }: { driver: DriverDetail }) {
  const { t } = useTranslation(["drivers", "loads"]);
  return (
    <div className="grid gap-8">
      <Section title={t("form.sections.identity")}>
        <Fact label={t("fields.fullName")}>{driver.fullName}</Fact>
        <Fact label={t("fields.phone")}>{dash(driver.phone)}</Fact>
        <Fact label={t("fields.email")}>{dash(driver.email)}</Fact>
        <Fact label={t("fields.taxId")} testId="driver-tax-id">
          <span className="font-mono">{dash(driver.taxId)}</span>
          {driver.taxIdMasked ? (
            <span className="ml-2 text-xs text-slate-500">{t("details.masked")}</span>
          ) : null}
        </Fact>
        <Fact label={t("fields.hireDate")}>{formatDay(driver.hireDate)}</Fact>
        <Fact label={t("fields.status")}>{t(`status.${driver.status}`)}</Fact>
      </Section>
      <Section title={t("form.sections.license")}>
        <Fact label={t("fields.licenseNumber")}>
          <span className="font-mono">{dash(driver.licenseNumber)}</span>
        </Fact>
        <Fact label={t("fields.licenseState")}>{dash(driver.licenseState)}</Fact>
        <Fact label={t("fields.licenseExpiry")}>
          <ExpiryDate date={driver.licenseExpiry} testId="license-expiry" />
        </Fact>
        <Fact label={t("fields.medicalCardExpiry")}>
          <ExpiryDate date={driver.medicalCardExpiry} testId="medical-expiry" />
        </Fact>
      </Section>
      <Section title={t("form.sections.insurance")}>
        <Fact label={t("fields.insuranceProvider")}>{dash(driver.insuranceProvider)}</Fact>
        <Fact label={t("fields.insurancePolicyNumber")}>
          <span className="font-mono">{dash(driver.insurancePolicyNumber)}</span>
        </Fact>
        <Fact label={t("fields.insuranceExpiry")}>
          <ExpiryDate date={driver.insuranceExpiry} testId="insurance-expiry" />
        </Fact>
      </Section>
      <Section title={t("form.sections.pay")}>
        <Fact label={t("fields.defaultPay")}>
          {driver.defaultPayType && driver.defaultPayRate
            ? describePay(
                (key, options) => t(`loads:${key}`, options),
                driver.defaultPayType,
                driver.defaultPayRate,
              )
            : t("details.noDefaultPay")}
        </Fact>
      </Section>
      <Section title={t("form.sections.account")}>
        <Fact label={t("fields.signIn")}>
          {driver.account ? (
            <span className="flex flex-wrap items-center gap-2">
              {driver.account.email}
              {driver.account.disabled ? <Badge tone="danger">{t("details.accountDisabled")}</Badge> : null}
              {driver.account.mustChangePassword ? (
                <Badge tone="warning">{t("details.temporaryPassword")}</Badge>
              ) : null}
            </span>
          ) : (
            t("details.noAccount")
          )}
        </Fact>
        <Fact label={t("fields.lastSignIn")}>
          {driver.account?.lastSignInAt ? formatDateTime(driver.account.lastSignInAt) : "—"}
        </Fact>
      </Section>
      {driver.notes ? (
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">{t("fields.notes")}</h3>
          <p className="whitespace-pre-wrap text-sm text-slate-700">{driver.notes}</p>
        </section>
      ) : null}
    </div>
  );
}

/** The driver's loads, newest pickup first, filterable by status. */
export function LoadsTab({ driverId }: { driverId: string }) {
  const { t } = useTranslation(["drivers", "loads"]);
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [status, setStatus] = useState<LoadStatus | "">("");
  const loads = useDriverLoads(driverId, { ...page, status: status || undefined });
  const columns = {
    load: t("loads.load"),
    status: t("fields.status"),
    route: t("loads.route"),
    pickup: t("loads.pickup"),
    delivery: t("loads.delivery"),
  };
  return (
    <div className="grid gap-3">
      <Select
        aria-label={t("loads.statusFilter")}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as LoadStatus | "");
          setPage((p) => ({ ...p, page: 1 }));
        }}
        className="sm:w-auto"
      >
        <option value="">{t("loads.allStatuses")}</option>
        {LOAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`loads:status.${s}`)}
          </option>
        ))}
      </Select>
      <div className="overflow-hidden rounded-md border border-slate-200">
        <ListContent
          query={loads}
          data={loads.data}
          errorTitle={t("loads.failed")}
          empty={<EmptyState title={t("loads.empty")} />}
          skeletonRows={4}
        >
          {(data) => (
            <>
              <Table className={stacked.table} aria-label={t("tabs.loads")}>
                <THead className={stacked.head}>
                  <tr>
                    <Th className="pl-4">{columns.load}</Th>
                    <Th>{columns.status}</Th>
                    <Th>{columns.route}</Th>
                    <Th>{columns.pickup}</Th>
                    <Th className="pr-4">{columns.delivery}</Th>
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, loads.isPlaceholderData && "opacity-60")}>
                  {data.items.map((l) => (
                    <Tr key={l.id} className={cn(stacked.row, "relative max-lg:grid-cols-1")}>
                      <Td className={cn(stacked.primary, "pl-4")}>
                        <div className="flex items-center justify-between gap-2">
                          <Link
                            to={routePath("loadDetail", { loadId: l.id })}
                            className="font-mono text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline"
                          >
                            {l.loadNumber}
                          </Link>
                          <span className="lg:hidden">
                            <LoadStatusBadge status={l.status} />
                          </span>
                        </div>
                      </Td>
                      <Td data-label={columns.status} className={cn(stacked.cell, "max-lg:hidden")}>
                        <LoadStatusBadge status={l.status} />
                      </Td>
                      <Td data-label={columns.route} className={cn(stacked.cell, "text-sm text-slate-700")}>
                        <span className="inline-flex items-center gap-1">
                          {l.pickupCity}, {l.pickupState}
                          <ArrowRight className="size-3.5 text-slate-500" aria-hidden />
                          {l.deliveryCity}, {l.deliveryState}
                        </span>
                      </Td>
                      <Td data-label={columns.pickup} className={cn(stacked.cell, "text-sm")}>
                        {formatDateTime(l.pickupAt)}
                      </Td>
                      <Td data-label={columns.delivery} className={cn(stacked.cell, "pr-4 text-sm")}>
                        {formatDateTime(l.deliveryAt)}
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              <ListPagination
                of={data}
                onChange={(patch) =>
                  setPage((p) => ("page" in patch ? { ...p, ...patch } : { page: 1, ...patch }))
                }
              />
            </>
          )}
        </ListContent>
      </div>
    </div>
  );
}

/** The driver's time-off requests and what was decided. */
export function TimeOffTab({ driverId }: { driverId: string }) {
  const { t } = useTranslation(["drivers", "loads"]);
  const requests = useDriverTimeOff(driverId);
  const data = requests.data ? { items: requests.data } : undefined;
  return (
    <div className="overflow-hidden rounded-md border border-slate-200">
      <ListContent
        query={requests}
        data={data}
        errorTitle={t("timeOff.failed")}
        empty={<EmptyState title={t("timeOff.empty")} />}
        skeletonRows={3}
      >
        {(list) => (
          <ul className="divide-y divide-slate-100">
            {list.items.map((r) => (
              <li key={r.id} className="grid gap-1 px-4 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">
                    {t("timeOff.range", { from: formatDay(r.startDate), to: formatDay(r.endDate) })}
                  </span>
                  <TimeOffStatusBadge status={r.status} />
                </div>
                <p className="text-sm text-slate-700">{r.reason}</p>
                {r.reviewedByName ? (
                  <p className="text-xs text-slate-500">
                    {t("timeOff.reviewed", {
                      name: r.reviewedByName,
                      date: r.reviewedAt ? formatDateTime(r.reviewedAt) : "—",
                    })}
                    {r.reviewNote ? ` — ${r.reviewNote}` : ""}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </ListContent>
    </div>
  );
}

/** Trucks and trailers the driver has had: the open assignment first. */
export function AssetsTab({ driverId }: { driverId: string }) {
  const { t } = useTranslation(["drivers", "loads"]);
  const assignments = useDriverAssignments(driverId);
  const data = assignments.data ? { items: assignments.data } : undefined;
  return (
    <div className="overflow-hidden rounded-md border border-slate-200">
      <ListContent
        query={assignments}
        data={data}
        errorTitle={t("assets.failed")}
        empty={<EmptyState title={t("assets.empty")} />}
        skeletonRows={3}
      >
        {(list) => (
          <ul className="divide-y divide-slate-100">
            {list.items.map((a) => (
              <li key={a.id} className="grid gap-2 px-4 py-3" data-testid="asset-assignment">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex flex-wrap items-center gap-3 text-sm">
                    {a.vehicleLabel ? (
                      <span className="inline-flex items-center gap-1.5 font-medium text-slate-900">
                        <Truck className="size-4 text-slate-500" aria-hidden />
                        {t("list.unit", { unit: a.vehicleLabel })}
                        {a.vehicleDescription ? (
                          <span className="font-normal text-slate-500">{a.vehicleDescription}</span>
                        ) : null}
                      </span>
                    ) : null}
                    {a.trailerLabel ? (
                      <span className="inline-flex items-center gap-1.5 font-medium text-slate-900">
                        <Container className="size-4 text-slate-500" aria-hidden />
                        {a.trailerLabel}
                        {a.trailerType ? (
                          <span className="font-normal text-slate-500">
                            {t(`loads:trailerTypes.${a.trailerType}`, { defaultValue: a.trailerType })}
                          </span>
                        ) : null}
                      </span>
                    ) : null}
                  </span>
                  {a.endedAt ? (
                    <Badge tone="neutral">{t("assets.ended")}</Badge>
                  ) : (
                    <Badge tone="success">{t("assets.current")}</Badge>
                  )}
                </div>
                <p className="text-xs text-slate-500">
                  {a.endedAt
                    ? t("assets.period", { from: formatDateTime(a.startedAt), to: formatDateTime(a.endedAt) })
                    : t("assets.since", { from: formatDateTime(a.startedAt) })}
                  {a.notes ? ` — ${a.notes}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </ListContent>
    </div>
  );
}
