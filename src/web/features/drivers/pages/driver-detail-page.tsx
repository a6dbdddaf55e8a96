import { can, ROUTES } from "@shared/access";
import { DRIVER_MANUAL_STATUSES } from "@shared/drivers/drivers.schema";
import type { DriverDetail } from "@shared/drivers/management.schema";
import {
  ArrowLeft,
  ChevronDown,
  Container,
  KeyRound,
  MoreHorizontal,
  Pencil,
  Power,
  PowerOff,
  SearchX,
  Star,
  Trash2,
  Truck,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListError } from "../../../components/list/list-states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/tabs";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { Alert } from "../../../components/ui/feedback";
import { lazyDialog, lazyPanel } from "../../../components/ui/lazy";
import { describeError, isApiError } from "../../../lib/api-errors";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { DetailSkeleton } from "../../loads/components/load-skeletons";
import { useDeleteDriver, useDriver, useDriverActivation, useSetDriverStatus } from "../api/drivers";
import { ContactButtons } from "../components/contact-buttons";
import { DriverStatusBadge, InactiveBadge } from "../components/driver-status-badge";
import { ExpiryDate } from "../components/expiry";
import { AssetsTab, DetailsTab, Fact, LoadsTab, TimeOffTab } from "../components/profile-tabs";
import { Stars } from "../components/stars";
import { useDriverMessages } from "../driver-messages";

// The tabs after the first download after the profile has rendered.
const CitationsTab = lazyPanel(() => import("../components/citations-tab").then((m) => m.CitationsTab));
const DriverDocumentsPanel = lazyPanel(() =>
  import("../components/driver-documents-panel").then((m) => m.DriverDocumentsPanel),
);
const DriverRatingsTab = lazyPanel(() =>
  import("../components/driver-ratings-tab").then((m) => m.DriverRatingsTab),
);
const CreateAccountDialog = lazyDialog(() =>
  import("../components/create-account-dialog").then((m) => m.CreateAccountDialog),
);
const DriverFormDialog = lazyDialog(() =>
  import("../components/driver-form-dialog").then((m) => m.DriverFormDialog),
);
const RateDriverDialog = lazyDialog(() =>
  import("../components/rate-driver-dialog").then((m) => m.RateDriverDialog),
);

const TABS = ["details", "documents", "loads", "ratings", "timeOff", "citations", "assets"] as const;
type Tab = (typeof TABS)[number];

/** A driver's profile: header with status and actions, then details, documents, loads, ratings, time off, citations, assets. */
export default function DriverDetailPage() {
  const { t } = useTranslation(["drivers", "citations"]);
  const { driverId = "" } = useParams();
  const driver = useDriver(driverId);
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <Link
        to={ROUTES.drivers.path}
        className="inline-flex w-fit items-center gap-1.5 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("detail.backToList")}
      </Link>
      {driver.isError ? (
        isApiError(driver.error, 404) ? (
          <Card
            className="flex flex-col items-center gap-3 px-4 py-12 text-center"
            data-testid="driver-not-found"
          >
            <span className="grid size-10 place-items-center rounded-full bg-slate-100 text-slate-500">
              <SearchX className="size-5" aria-hidden />
            </span>
            <p className="font-medium text-slate-800">{t("detail.notFound")}</p>
            <p className="max-w-md text-sm text-slate-500">{t("detail.notFoundText")}</p>
          </Card>
        ) : (
          <Card>
            <ListError
              title={t("detail.fetchFailed")}
              description={describeError(driver.error, t)}
              onRetry={() => void driver.refetch()}
              retrying={driver.isFetching}
            />
          </Card>
        )
      ) : !driver.data ? (
        <DetailSkeleton label={t("common:loading")} />
      ) : (
        <DriverProfile driver={driver.data} />
      )}
    </div>
  );
}

function DriverProfile({ driver }: { driver: DriverDetail }) {
  const { t } = useTranslation(["drivers", "citations"]);
  const me = useMe().data ?? null;
  const navigate = useNavigate();
  const messages = useDriverMessages();
  const [params, setParams] = useSearchParams();
  const perms = {
    write: can(me, "drivers:write"),
    accounts: can(me, "drivers:accounts"),
    deactivate: can(me, "drivers:deactivate"),
    readRatings: can(me, "driverRatings:read"),
    rate: can(me, "driverRatings:write"),
    citations: can(me, "citations:read"),
  };
  const visible = TABS.filter(
    (tab) => (tab !== "ratings" || perms.readRatings) && (tab !== "citations" || perms.citations),
  );
  const requested = params.get("tab") as Tab | null;
  const tab: Tab = requested && visible.includes(requested) ? requested : "details";

  const [dialog, setDialog] = useState<"edit" | "rate" | "account" | "deactivate" | "delete" | null>(null);
  const setStatus = useSetDriverStatus(driver.id);
  const activation = useDriverActivation(driver.id);
  const remove = useDeleteDriver(driver.id);
  const automatic = driver.status !== driver.manualStatus;

  const changeStatus = (status: (typeof DRIVER_MANUAL_STATUSES)[number]) =>
    setStatus.mutate(status, {
      onSuccess: (d) =>
        notify({
          title: t("toast.statusSet"),
          description:
            d.status === status
              ? t(`status.${status}`)
              : t("toast.statusAutomatic", {
                  manual: t(`status.${status}`),
                  status: t(`status.${d.status}`),
                }),
          variant: "success",
        }),
      onError: (error) =>
        notify({ title: t("toast.updateFailed"), description: messages.error(error), variant: "error" }),
    });

  const toggleActive = () =>
    activation.mutate(driver.active ? "deactivate" : "reactivate", {
      onSuccess: () => {
        notify({
          title: driver.active ? t("toast.deactivated") : t("toast.reactivated"),
          variant: "success",
        });
        setDialog(null);
      },
      onError: (error) => {
        notify({ title: t("toast.updateFailed"), description: messages.error(error), variant: "error" });
        setDialog(null);
      },
    });

  const deleteDriver = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notify({ title: t("toast.deleted"), description: driver.fullName, variant: "success" });
        navigate(ROUTES.drivers.path);
      },
      onError: (error) => {
        notify({ title: t("toast.deleteFailed"), description: messages.error(error), variant: "error" });
        setDialog(null);
      },
    });

  const hasMenu = perms.write || perms.accounts || perms.deactivate;

  return (
    <>
      <Card className="overflow-hidden" data-testid="driver-header">
        <div className="grid gap-4 p-5 sm:p-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h1
                  className="text-2xl font-semibold tracking-tight text-slate-900"
                  data-testid="driver-name"
                >
                  {driver.fullName}
                </h1>
                <DriverStatusBadge status={driver.status} className="px-2.5 py-1 text-sm" />
                {!driver.active ? <InactiveBadge className="px-2.5 py-1 text-sm" /> : null}
              </div>
              <div className="mt-2" data-testid="driver-rating">
                <Stars value={driver.ratingAverage} count={driver.ratingCount} />
              </div>
              {automatic ? (
                <p className="mt-1 text-xs text-slate-500">
                  {t("detail.automatic", {
                    status: t(`status.${driver.status}`),
                    manual: t(`status.${driver.manualStatus}`),
                  })}
                </p>
              ) : null}
            </div>
            <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0 sm:flex-wrap sm:justify-end">
              <ContactButtons
                phone={driver.phone}
                email={driver.email}
                className="col-span-2 grid grid-cols-2 gap-2 sm:flex"
              />
              {perms.rate ? (
                <Button onClick={() => setDialog("rate")} data-testid="rate-driver">
                  <Star aria-hidden />
                  {t("detail.rate")}
                </Button>
              ) : null}
              {perms.write ? (
                <Button variant="outline" onClick={() => setDialog("edit")} data-testid="edit-driver">
                  <Pencil aria-hidden />
                  {t("common:actions.edit")}
                </Button>
              ) : null}
              {hasMenu ? (
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="outline" data-testid="driver-menu" aria-label={t("detail.more")}>
                      <MoreHorizontal aria-hidden />
                      <span className="sm:sr-only">{t("detail.more")}</span>
                      <ChevronDown className="sm:hidden" aria-hidden />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent>
                    {perms.write ? (
                      <>
                        <DropdownMenuLabel>{t("detail.setStatus")}</DropdownMenuLabel>
                        {DRIVER_MANUAL_STATUSES.map((s) => (
                          <DropdownMenuItem
                            key={s}
                            onSelect={() => changeStatus(s)}
                            disabled={setStatus.isPending || driver.manualStatus === s}
                            data-testid={`set-status-${s}`}
                          >
                            {t(`status.${s}`)}
                          </DropdownMenuItem>
                        ))}
                      </>
                    ) : null}
                    {perms.accounts && !driver.account && driver.active ? (
                      <>
                        <DropdownMenuSeparator />
                        <DropdownMenuItem onSelect={() => setDialog("account")}>
                          <KeyRound aria-hidden />
                          {t("detail.createAccount")}
                        </DropdownMenuItem>
                      </>
                    ) : null}
                    {perms.deactivate ? (
                      <>
                        <DropdownMenuSeparator />
                        <DropdownMenuItem
                          onSelect={() => setDialog("deactivate")}
                          data-testid="toggle-active"
                        >
                          {driver.active ? <PowerOff aria-hidden /> : <Power aria-hidden />}
                          {driver.active ? t("detail.deactivate") : t("detail.reactivate")}
                        </DropdownMenuItem>
                        <DropdownMenuItem
                          onSelect={() => setDialog("delete")}
                          className="text-red-700"
                          data-testid="delete-driver"
                        >
                          <Trash2 aria-hidden />
                          {t("detail.delete")}
                        </DropdownMenuItem>
                      </>
                    ) : null}
                  </DropdownMenuContent>
                </DropdownMenu>
              ) : null}
            </div>
          </div>

          {!driver.active ? (
            <Alert tone="warning">
              {t("detail.inactiveNotice", {
                date: driver.deactivatedAt ? formatDateTime(driver.deactivatedAt) : "—",
              })}
            </Alert>
          ) : null}

          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-4 sm:grid-cols-3 lg:grid-cols-6">
            <Fact label={t("fields.phone")}>{driver.phone ?? "—"}</Fact>
            <Fact label={t("fields.email")}>{driver.email ?? "—"}</Fact>
            <Fact label={t("fields.licenseExpiry")}>
              <ExpiryDate date={driver.licenseExpiry} />
            </Fact>
            <Fact label={t("fields.medicalCardExpiry")}>
              <ExpiryDate date={driver.medicalCardExpiry} />
            </Fact>
            <Fact label={t("fields.equipment")}>
              {driver.currentAssignment ? (
                <span className="grid gap-0.5">
                  {driver.currentAssignment.vehicleLabel ? (
                    <span className="inline-flex items-center gap-1">
                      <Truck className="size-3.5 text-slate-500" aria-hidden />
                      {t("list.unit", { unit: driver.currentAssignment.vehicleLabel })}
                    </span>
                  ) : null}
                  {driver.currentAssignment.trailerLabel ? (
                    <span className="inline-flex items-center gap-1">
                      <Container className="size-3.5 text-slate-500" aria-hidden />
                      {driver.currentAssignment.trailerLabel}
                    </span>
                  ) : null}
                </span>
              ) : (
                t("detail.noEquipment")
              )}
            </Fact>
            <Fact label={t("fields.loads")}>
              {t("detail.loadCounts", {
                completed: formatNumber(driver.loadCounts.completed),
                active: formatNumber(driver.loadCounts.active),
              })}
            </Fact>
          </dl>
        </div>
      </Card>

      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(
            (prev) => {
              const p = new URLSearchParams(prev);
              if (next === "details") p.delete("tab");
              else p.set("tab", next);
              return p;
            },
            { replace: true },
          )
        }
      >
        <TabsList aria-label={t("detail.sections")}>
          {visible.map((value) => (
            <TabsTrigger key={value} value={value} data-testid={`tab-${value}`}>
              {t(`tabs.${value}`)}
              {value === "documents" ? (
                <span className="rounded-full bg-slate-100 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-slate-600">
                  {driver.documents.length}
                </span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <Card className="mt-4 p-4 sm:p-6">
          <TabsContent value="details" className="focus-visible:outline-none">
            <DetailsTab driver={driver} />
          </TabsContent>
          <TabsContent value="documents" className="focus-visible:outline-none">
            <DriverDocumentsPanel driver={driver} canEdit={perms.write} />
          </TabsContent>
          <TabsContent value="loads" className="focus-visible:outline-none">
            <LoadsTab driverId={driver.id} />
          </TabsContent>
          {perms.readRatings ? (
            <TabsContent value="ratings" className="focus-visible:outline-none">
              <DriverRatingsTab driver={driver} canRate={perms.rate} />
            </TabsContent>
          ) : null}
          <TabsContent value="timeOff" className="focus-visible:outline-none">
            <TimeOffTab driverId={driver.id} />
          </TabsContent>
          {perms.citations ? (
            <TabsContent value="citations" className="focus-visible:outline-none">
              <CitationsTab driverId={driver.id} />
            </TabsContent>
          ) : null}
          <TabsContent value="assets" className="focus-visible:outline-none">
            <AssetsTab driverId={driver.id} />
          </TabsContent>
        </Card>
      </Tabs>

      {perms.write ? (
        <DriverFormDialog
          open={dialog === "edit"}
          onOpenChange={(o) => setDialog(o ? "edit" : null)}
          driver={driver}
        />
      ) : null}
      {perms.rate ? (
        <RateDriverDialog
          open={dialog === "rate"}
          onOpenChange={(o) => setDialog(o ? "rate" : null)}
          driver={{ id: driver.id, fullName: driver.fullName }}
        />
      ) : null}
      {perms.accounts && !driver.account ? (
        <CreateAccountDialog
          open={dialog === "account"}
          onOpenChange={(o) => setDialog(o ? "account" : null)}
          driver={driver}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === "deactivate"}
        onOpenChange={(o) => setDialog(o ? "deactivate" : null)}
        title={driver.active ? t("detail.deactivateTitle") : t("detail.reactivateTitle")}
        description={
          driver.active
            ? t("detail.deactivateText", { name: driver.fullName })
            : t("detail.reactivateText", { name: driver.fullName })
        }
        confirmLabel={driver.active ? t("detail.deactivate") : t("detail.reactivate")}
        destructive={driver.active}
        pending={activation.isPending}
        onConfirm={toggleActive}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(o) => setDialog(o ? "delete" : null)}
        title={t("detail.deleteTitle")}
        description={
          driver.loadCounts.total > 0
            ? t("detail.deleteBlocked", { count: driver.loadCounts.total })
            : t("detail.deleteText", { name: driver.fullName })
        }
        confirmLabel={t("detail.delete")}
        destructive
        pending={remove.isPending}
        confirmDisabled={driver.loadCounts.total > 0}
        onConfirm={deleteDriver}
      >
        {driver.loadCounts.total > 0 && driver.active ? (
          <Button variant="outline" className="w-fit" onClick={() => setDialog("deactivate")}>
            <PowerOff aria-hidden />
            {t("detail.deactivateInstead")}
          </Button>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
