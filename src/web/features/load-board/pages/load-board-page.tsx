import { loadBoardQuerySchema } from "@shared/loads/loads.schema";
import { ArrowDown, CalendarClock, Hand, HandHeart, MapPin, Route, Truck, Weight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListError } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState, Spinner } from "../../../components/ui/feedback";
import { describeError, isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { type LoadBoardItem, useLoadBoard, useToggleInterest } from "../api/load-board";

const NO_FILTERS = [] as const;

/** Posted loads a driver may ask for: where, when, how far, how heavy — and "I'm interested". */
export default function LoadBoardPage() {
  const { t } = useTranslation("board");
  // A board of cards rather than a table: the list's state from the kit, its own layout.
  const list = useListScreen(loadBoardQuerySchema, useLoadBoard, {
    filters: NO_FILTERS,
    fetchFailed: t("fetchFailed"),
  });
  const { query: board, data, retained, update, onSearch, search, clear } = list;

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          value={search}
          onSearch={onSearch}
          label={t("searchLabel")}
          hint={t("searchHint")}
          className="sm:flex-1"
        />
        {board.isFetching && data ? <Spinner label={t("common:list.updating")} className="text-xs" /> : null}
      </div>

      {board.isError && board.data === undefined ? (
        <Card>
          <ListError
            title={t("fetchFailed")}
            description={describeError(board.error, t)}
            onRetry={() => void board.refetch()}
            retrying={board.isFetching}
          />
        </Card>
      ) : !data ? (
        <div role="status" aria-label={t("common:loading")} className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Card key={i} className="h-52 animate-pulse bg-slate-50" />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <Card>
          <EmptyState
            title={search ? t("empty.filteredTitle") : t("empty.title")}
            description={search ? t("empty.filteredText", { q: search }) : t("empty.text")}
            action={
              search ? (
                <Button variant="outline" size="sm" onClick={clear}>
                  {t("common:actions.clearFilters")}
                </Button>
              ) : null
            }
          />
        </Card>
      ) : (
        <>
          <ul className={cn("grid gap-4 md:grid-cols-2", retained && "opacity-60 transition-opacity")}>
            {data.items.map((item) => (
              <li key={item.id}>
                <BoardCard item={item} />
              </li>
            ))}
          </ul>
          <Card className="overflow-hidden">
            <ListPagination of={data} onChange={update} />
          </Card>
        </>
      )}
    </div>
  );
}

function BoardCard({ item }: { item: LoadBoardItem }) {
  const { t } = useTranslation("board");
  const toggle = useToggleInterest();
  const busy = toggle.isPending;

  const onToggle = () =>
    toggle.mutate(
      { id: item.id, interested: !item.interested },
      {
        onSuccess: () =>
          notify({
            title: item.interested ? t("toast.withdrawn") : t("toast.interested"),
            description: item.interested
              ? t("toast.withdrawnText", { number: item.loadNumber })
              : t("toast.interestedText", { number: item.loadNumber }),
            variant: "success",
          }),
        onError: (error) =>
          notify(
            isApiError(error, 403)
              ? { title: t("toast.accessDenied"), description: t("toast.onlyDrivers"), variant: "error" }
              : { title: t("toast.failed"), description: describeError(error, t), variant: "error" },
          ),
      },
    );

  return (
    <Card
      className={cn("flex h-full flex-col", item.interested && "border-brand-500 ring-1 ring-brand-500")}
      data-testid={`board-card-${item.loadNumber}`}
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <span className="font-mono text-sm font-semibold text-slate-700">{item.loadNumber}</span>
        {item.pay ? (
          <span className="ms-auto text-end" data-testid="board-pay">
            <span className="block text-xs text-slate-500">{t("youEarn")}</span>
            <span className="text-lg font-semibold tabular-nums text-emerald-700">
              {formatMoney(item.pay)}
            </span>
          </span>
        ) : null}
        {item.interested ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
            <HandHeart className="size-3.5" aria-hidden />
            {t("youAreInterested")}
          </span>
        ) : null}
      </div>
      <div className="grid flex-1 gap-1 px-4 py-4">
        <Place
          label={t("pickup")}
          city={item.pickupCity}
          state={item.pickupState}
          at={item.pickupAt}
          tone="pickup"
        />
        <ArrowDown className="ml-2.5 size-4 text-slate-300" aria-hidden />
        <Place
          label={t("delivery")}
          city={item.deliveryCity}
          state={item.deliveryState}
          at={item.deliveryAt}
          tone="delivery"
        />
      </div>
      <dl className="grid grid-cols-2 gap-2 border-t border-slate-100 px-4 py-3 text-sm">
        <div className="col-span-2 flex items-center gap-2">
          <Route className="size-4 shrink-0 text-slate-500" aria-hidden />
          <dt className="sr-only">{t("miles")}</dt>
          <dd data-testid="board-miles">
            {item.loadedMiles !== null ? t("milesValue", { value: formatNumber(item.loadedMiles) }) : "—"}
            {/* "812 mi · 64 mi empty (from your position) · $2.41/mi (estimated)" (issue 40). */}
            {item.emptyMiles !== null
              ? ` · ${t(item.emptyFrom === "position" ? "emptyMilesFromPosition" : "emptyMilesValue", {
                  value: formatNumber(item.emptyMiles),
                })}`
              : ""}
            {item.payPerMile !== null ? ` · ${t("payPerMile", { value: formatMoney(item.payPerMile) })}` : ""}
            {item.milesEstimated ? ` (${t("estimated")})` : ""}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <Weight className="size-4 text-slate-500" aria-hidden />
          <dt className="sr-only">{t("weight")}</dt>
          <dd>{item.weightLbs !== null ? t("weightValue", { value: formatNumber(item.weightLbs) }) : "—"}</dd>
        </div>
        <div className="col-span-2 flex items-center gap-2">
          <Truck className="size-4 text-slate-500" aria-hidden />
          <dt className="sr-only">{t("equipment")}</dt>
          <dd className="min-w-0 truncate" data-testid="board-equipment">
            {item.equipmentType ? t(`equipmentTypes.${item.equipmentType}`) : t("anyEquipment")}
            {item.commodity ? ` · ${item.commodity}` : ""}
          </dd>
        </div>
      </dl>
      <div className="px-4 pb-4">
        <Button
          variant={item.interested ? "outline" : "default"}
          className="h-12 w-full text-base"
          onClick={onToggle}
          disabled={busy}
          aria-pressed={item.interested}
          data-testid="toggle-interest"
        >
          {busy ? <Spinner className="text-current" /> : <Hand aria-hidden />}
          {item.interested ? t("withdraw") : t("interested")}
        </Button>
      </div>
    </Card>
  );
}

function Place({
  label,
  city,
  state,
  at,
  tone,
}: {
  label: string;
  city: string;
  state: string;
  at: string;
  tone: "pickup" | "delivery";
}) {
  return (
    <div className="flex items-start gap-3">
      <span
        className={cn(
          "mt-0.5 grid size-6 shrink-0 place-items-center rounded-full text-white",
          tone === "pickup" ? "bg-sky-600" : "bg-emerald-600",
        )}
        aria-hidden
      >
        <MapPin className="size-3.5" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
        <p className="truncate font-semibold text-slate-900">
          {city}, {state}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <CalendarClock className="size-3.5 text-slate-500" aria-hidden />
          <time dateTime={at}>{formatDateTime(at)}</time>
        </p>
      </div>
    </div>
  );
}
