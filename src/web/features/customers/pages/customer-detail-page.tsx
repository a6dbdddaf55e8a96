import { can, ROUTES, routePath } from "@shared/access";
import type { CustomerDetail } from "@shared/customers/customers.schema";
import { LOAD_STATUSES, type LoadStatus } from "@shared/loads/loads.schema";
import { ArrowLeft, ArrowRight, Mail, Pencil, Phone, Trash2, UserCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PlaceBadge } from "../../../components/geo/place-status";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent, ListError } from "../../../components/list/list-states";
import { stacked } from "../../../components/list/stacked-table";
import { LoadStatusBadge } from "../../../components/status/load-status-badge";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { describeError, isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useRetainedData } from "../../../lib/use-retained-data";
import { useCustomer, useCustomerLoads, useCustomerRequests, useDeleteCustomer } from "../api/customers";

const CustomerFormDialog = lazyDialog(() =>
  import("../components/customer-form-dialog").then((m) => m.CustomerFormDialog),
);

/** A customer: details and contacts, what they owe, their loads history and portal requests. */
export default function CustomerDetailPage() {
  const { t } = useTranslation(["customers", "loads"]);
  const { customerId = "" } = useParams();
  const customer = useCustomer(customerId);

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <Link
        to={ROUTES.customers.path}
        className="inline-flex w-fit items-center gap-1.5 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("detail.backToList")}
      </Link>
      {customer.isError ? (
        isApiError(customer.error, 404) ? (
          <Card>
            <EmptyState title={t("detail.notFound")} description={t("detail.notFoundText")} />
          </Card>
        ) : (
          <Card>
            <ListError
              title={t("detail.loadFailed")}
              description={describeError(customer.error, t)}
              onRetry={() => void customer.refetch()}
              retrying={customer.isFetching}
            />
          </Card>
        )
      ) : !customer.data ? (
        <Card role="status" aria-label={t("common:loading")} className="h-64 animate-pulse bg-slate-50" />
      ) : (
        <CustomerView customer={customer.data} />
      )}
    </div>
  );
}

function CustomerView({ customer: c }: { customer: CustomerDetail }) {
  const { t } = useTranslation(["customers", "loads"]);
  const me = useMe().data;
  const canWrite = can(me ?? null, "customers:write");
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCustomer();
  const owes = Number(c.openBalance) > 0;
  const overLimit = c.creditAvailable !== null && Number(c.creditAvailable) < 0;

  const onDelete = () =>
    remove.mutate(c.id, {
      onSuccess: () => {
        notify({ title: t("toast.deleted"), description: c.companyName, variant: "success" });
        navigate(ROUTES.customers.path);
      },
      onError: (error) => {
        setDeleting(false);
        notify({ title: t("toast.deleteFailed"), description: describeError(error, t), variant: "error" });
      },
    });

  return (
    <>
      <Card className="p-5 sm:p-6" data-testid="customer-header">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1
                className="text-2xl font-semibold tracking-tight text-slate-900"
                data-testid="customer-name"
              >
                {c.companyName}
              </h1>
              {c.portalAccount ? (
                <Badge tone="info" className="gap-1">
                  <UserCheck className="size-3" aria-hidden />
                  {t("detail.portalAccount")}
                </Badge>
              ) : null}
            </div>
            <p className="mt-1 text-slate-700">{c.name}</p>
            <p className="mt-1 text-sm text-slate-500">
              {t("detail.customerSince", { date: formatDate(c.createdAt) })}
            </p>
          </div>
          {canWrite ? (
            <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
              <Button variant="outline" onClick={() => setEditing(true)} data-testid="edit-customer">
                <Pencil aria-hidden />
                {t("common:actions.edit")}
              </Button>
              <Button
                variant="outline"
                className="border-red-200 text-red-700 hover:bg-red-50"
                onClick={() => setDeleting(true)}
                data-testid="delete-customer"
              >
                <Trash2 aria-hidden />
                {t("common:actions.delete")}
              </Button>
            </div>
          ) : null}
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-slate-100 pt-5 lg:grid-cols-4">
          <Stat label={t("fields.openBalance")} testId="open-balance">
            <span className={cn(owes ? "text-slate-900" : "text-slate-500")}>
              {formatMoney(c.openBalance)}
            </span>
            <span className="block text-xs font-normal text-slate-500">
              {t(`detail.balanceSource.${c.openBalanceSource}`)}
            </span>
          </Stat>
          <Stat label={t("fields.creditLimit")}>
            {c.creditLimit ? (
              formatMoney(c.creditLimit)
            ) : (
              <span className="text-slate-500">{t("list.noLimit")}</span>
            )}
            {c.creditAvailable !== null ? (
              <span
                className={cn("block text-xs font-normal", overLimit ? "text-red-600" : "text-slate-500")}
              >
                {overLimit
                  ? t("detail.overLimit", { amount: formatMoney(Math.abs(Number(c.creditAvailable))) })
                  : t("detail.available", { amount: formatMoney(c.creditAvailable) })}
              </span>
            ) : null}
          </Stat>
          <Stat label={t("detail.unbilled")}>
            {formatMoney(c.stats.unbilledAmount)}
            <span className="block text-xs font-normal text-slate-500">
              {t("detail.unbilledLoads", { value: formatNumber(c.stats.unbilledLoads) })}
            </span>
          </Stat>
          <Stat label={t("detail.loads")}>
            {formatNumber(c.loadCount)}
            <span className="block text-xs font-normal text-slate-500">
              {t("detail.loadBreakdown", {
                active: formatNumber(c.stats.activeLoads),
                completed: formatNumber(c.stats.completedLoads),
              })}
            </span>
          </Stat>
        </dl>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("detail.details")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Item label={t("fields.email")}>
                {c.email ? (
                  <a className="text-brand-700 hover:underline" href={`mailto:${c.email}`}>
                    {c.email}
                  </a>
                ) : null}
              </Item>
              <Item label={t("fields.phone")}>
                {c.phone ? (
                  <a className="text-brand-700 hover:underline" href={`tel:${c.phone}`}>
                    {c.phone}
                  </a>
                ) : null}
              </Item>
              <Item label={t("fields.address")}>
                {c.address ? (
                  <span className="grid justify-items-start gap-1">
                    <span>{c.address}</span>
                    <PlaceBadge status={c.geoStatus} precision={c.geoPrecision} />
                  </span>
                ) : null}
              </Item>
              <Item label={t("fields.billingAddress")}>{c.billingAddress ?? c.address}</Item>
              <Item label={t("fields.paymentTermsDays")}>
                {c.paymentTermsDays === 0
                  ? t("terms.onReceipt")
                  : t("terms.net", { days: c.paymentTermsDays })}
              </Item>
              <Item label={t("detail.portalSignIn")}>
                {c.portalAccount
                  ? `${c.portalAccount.name} · ${c.portalAccount.email}`
                  : t("detail.noPortal")}
              </Item>
              <Item label={t("fields.notes")} wide>
                {c.notes ? <span className="whitespace-pre-line">{c.notes}</span> : null}
              </Item>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("fields.contacts")}</CardTitle>
            <CardDescription>{t("detail.contactsText")}</CardDescription>
          </CardHeader>
          <CardContent>
            {c.contacts.length === 0 ? (
              <p className="text-sm text-slate-500">{t("form.noContacts")}</p>
            ) : (
              <ul className="grid gap-3" data-testid="customer-contacts">
                {c.contacts.map((p) => (
                  <li key={p.id} className="rounded-md border border-slate-100 p-3">
                    <p className="font-medium text-slate-900">{p.name}</p>
                    {p.role ? <p className="text-xs text-slate-500">{p.role}</p> : null}
                    <div className="mt-1.5 flex flex-wrap gap-3 text-sm">
                      {p.email ? (
                        <a
                          className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                          href={`mailto:${p.email}`}
                        >
                          <Mail className="size-3.5" aria-hidden />
                          {p.email}
                        </a>
                      ) : null}
                      {p.phone ? (
                        <a
                          className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                          href={`tel:${p.phone}`}
                        >
                          <Phone className="size-3.5" aria-hidden />
                          {p.phone}
                        </a>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <LoadsHistory customerId={c.id} />
      <RequestsPanel customerId={c.id} />

      {canWrite ? (
        <>
          <CustomerFormDialog open={editing} onOpenChange={setEditing} customer={c} />
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            title={t("detail.deleteTitle")}
            description={t("detail.deleteText", { company: c.companyName })}
            confirmLabel={t("common:actions.delete")}
            destructive
            pending={remove.isPending}
            onConfirm={onDelete}
          />
        </>
      ) : null}
    </>
  );
}

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn("grid gap-0.5", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800">{children || <span className="text-slate-500">—</span>}</dd>
    </div>
  );
}

function LoadsHistory({ customerId }: { customerId: string }) {
  const { t } = useTranslation(["customers", "loads"]);
  const [state, setState] = useState<{ page: number; pageSize: number; status: LoadStatus | "" }>({
    page: 1,
    pageSize: 10,
    status: "",
  });
  const loads = useCustomerLoads(customerId, {
    page: state.page,
    pageSize: state.pageSize,
    status: state.status || undefined,
    sort: "pickupAt",
    dir: "desc",
  });
  const { data, retained } = useRetainedData(loads);
  const columns = {
    load: t("history.load"),
    status: t("history.status"),
    route: t("history.route"),
    pickup: t("history.pickup"),
    delivery: t("history.delivery"),
    total: t("history.total"),
  };
  return (
    <Card className="overflow-hidden" data-testid="loads-history">
      <CardHeader className="flex-row items-end justify-between gap-3 sm:flex">
        <div className="grid gap-1">
          <CardTitle>{t("history.title")}</CardTitle>
          <CardDescription>{t("history.description")}</CardDescription>
        </div>
        <Select
          aria-label={t("history.status")}
          value={state.status}
          onChange={(e) => setState((s) => ({ ...s, page: 1, status: e.target.value as LoadStatus | "" }))}
          className="sm:w-auto"
        >
          <option value="">{t("history.allStatuses")}</option>
          {LOAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`loads:status.${s}`)}
            </option>
          ))}
        </Select>
      </CardHeader>
      <ListContent
        query={loads}
        data={data}
        errorTitle={t("history.fetchFailed")}
        skeletonRows={4}
        empty={<EmptyState title={t("history.empty")} description={t("history.emptyText")} />}
      >
        {(page) => (
          <>
            <Table className={stacked.table} aria-label={t("history.title")}>
              <THead className={stacked.head}>
                <tr>
                  <Th className="pl-5">{columns.load}</Th>
                  <Th>{columns.status}</Th>
                  <Th>{columns.route}</Th>
                  <Th>{columns.pickup}</Th>
                  <Th>{columns.delivery}</Th>
                  <Th className="pr-5 text-right">{columns.total}</Th>
                </tr>
              </THead>
              <TBody className={cn(stacked.body, retained && "opacity-60")}>
                {page.items.map((l) => (
                  <Tr key={l.id} className={cn(stacked.row, "relative")}>
                    <Td className={cn(stacked.primary, "pl-5")}>
                      <Link
                        to={routePath("loadDetail", { loadId: l.id })}
                        className="whitespace-nowrap font-mono text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline"
                      >
                        {l.loadNumber}
                      </Link>
                    </Td>
                    <Td data-label={columns.status} className={stacked.cell}>
                      <LoadStatusBadge status={l.status} />
                    </Td>
                    <Td data-label={columns.route} className={stacked.cell}>
                      <span className="inline-flex items-center gap-1 text-slate-700">
                        {l.pickupCity}, {l.pickupState}
                        <ArrowRight className="size-3.5 text-slate-500" aria-hidden />
                        {l.deliveryCity}, {l.deliveryState}
                      </span>
                    </Td>
                    <Td
                      data-label={columns.pickup}
                      className={cn(stacked.cell, "whitespace-nowrap text-slate-600")}
                    >
                      {formatDateTime(l.pickupAt)}
                    </Td>
                    <Td
                      data-label={columns.delivery}
                      className={cn(stacked.cell, "whitespace-nowrap text-slate-600")}
                    >
                      {formatDateTime(l.deliveryAt)}
                    </Td>
                    <Td
                      data-label={columns.total}
                      className={cn(stacked.cell, "pr-5 text-right tabular-nums")}
                    >
                      {formatMoney(l.totalRate)}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            <ListPagination
              of={page}
              onChange={(patch) =>
                setState((s) => ({ ...s, ...patch, ...("pageSize" in patch ? { page: 1 } : {}) }))
              }
            />
          </>
        )}
      </ListContent>
    </Card>
  );
}

function RequestsPanel({ customerId }: { customerId: string }) {
  const { t } = useTranslation(["customers", "loads"]);
  const requests = useCustomerRequests(customerId);
  const items = requests.data?.items ?? [];
  if (!requests.data || items.length === 0) return null;
  return (
    <Card data-testid="customer-requests">
      <CardHeader>
        <CardTitle>{t("requests.title")}</CardTitle>
        <CardDescription>{t("requests.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {items.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
              <Link
                to={`${routePath("loadRequests")}?request=${r.id}`}
                className="font-mono font-semibold text-brand-700 hover:underline"
              >
                {r.requestNumber}
              </Link>
              <span className="text-slate-700">
                {r.pickup.city}, {r.pickup.state} → {r.delivery.city}, {r.delivery.state}
              </span>
              <span className="text-slate-500">{formatDateTime(r.pickup.at)}</span>
              <Badge
                tone={r.status === "pending" ? "warning" : r.status === "accepted" ? "success" : "neutral"}
              >
                {t(`requests.status.${r.status}`)}
              </Badge>
            </li>
          ))}
        </ul>
        {requests.data.total > items.length ? (
          <Link
            to={`${routePath("loadRequests")}?customerId=${customerId}`}
            className="mt-2 inline-block text-sm text-brand-700 hover:underline"
          >
            {t("requests.seeAll", { value: formatNumber(requests.data.total) })}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
