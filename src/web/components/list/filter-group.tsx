import { useTranslation } from "react-i18next";
import {
  chosenLabel,
  ENTITY_FIELDS,
  type Entity,
  type FilterBinding,
  type FilterWord,
  filterValue as value,
} from "../../lib/list-filters";
import { usePickerSearch } from "../../lib/use-picker-search";
import { CustomerPicker, DriverPicker, VehiclePicker } from "../pickers/entity-pickers";
import { Combobox, type ComboboxOption } from "../ui/combobox";
import { DateRangeFilter } from "./date-range-filter";
import { FilterSelect } from "./filter-select";

export { chosenLabel, type FilterBinding };

/** A picker of the list's customer, truck or driver filter (`customerId`, `vehicleId`, `driverId`). */
export function EntityFilter({
  list,
  entity,
  label,
  all,
  selected,
  className,
}: {
  list: FilterBinding;
  entity: Entity;
  label: string;
  all: string;
  /** What the picker shows when the chosen one is on no row of the page (or the rows name none). */
  selected?: string;
  className?: string;
}) {
  const Picker = { customer: CustomerPicker, vehicle: VehiclePicker, driver: DriverPicker }[entity];
  const key = ENTITY_FIELDS[entity][0];
  return (
    <Picker
      aria-label={label}
      placeholder={all}
      value={value(list, key) ?? null}
      selectedLabel={chosenLabel(list, entity, selected)}
      onChange={(id) => list.update({ [key]: id })}
      className={className}
    />
  );
}

/** The list's `from`–`to` period. */
export function PeriodFilter({
  list,
  label,
  unbounded,
  testIdPrefix,
}: {
  list: FilterBinding;
  label: (edge: "from" | "to") => string;
  unbounded?: boolean;
  testIdPrefix?: string;
}) {
  return (
    <DateRangeFilter
      from={value(list, "from")}
      to={value(list, "to")}
      label={label}
      onChange={list.update}
      unbounded={unbounded}
      testIdPrefix={testIdPrefix}
    />
  );
}

/** One status-like select of the group: the URL parameter it sets, its values and words. */
export interface StatusFilterConfig<T extends string = string> {
  name: string;
  options: readonly T[];
  label: string;
  all: string;
  optionLabel: (value: T) => string;
  className?: string;
  testId?: string;
}

/** A select of one of the list's URL parameters, "all" clearing it. */
export function StatusFilter<T extends string>({
  list,
  name,
  className = "lg:w-auto",
  ...select
}: StatusFilterConfig<T> & { list: FilterBinding }) {
  return (
    <FilterSelect
      {...select}
      value={value(list, name) as T | undefined}
      onChange={(v) => list.update({ [name]: v })}
      className={className}
    />
  );
}

/** A picker's place in the group, and its width on wide screens. */
type PickerSlot = { className?: string; selected?: string } | boolean;

/**
 * The filter bar most lists share, bound to the list's URL state: its status selects, then the
 * customer, truck and driver pickers, then the period — each present when configured. `words` gives
 * the texts from the screen's own translation keys. A screen that orders its filters differently
 * composes `StatusFilter`, `EntityFilter` and `PeriodFilter` itself.
 */
export function FilterGroup({
  list,
  words,
  statuses = [],
  customer,
  vehicle,
  driver,
  period,
}: {
  list: FilterBinding;
  words: (word: FilterWord) => string;
  // biome-ignore lint/suspicious/noExplicitAny: each select's value type is its own.
  statuses?: readonly StatusFilterConfig<any>[];
  customer?: PickerSlot;
  vehicle?: PickerSlot;
  driver?: PickerSlot;
  period?: { unbounded?: boolean; testIdPrefix?: string } | boolean;
}) {
  const slot = (entity: Entity, config: PickerSlot | undefined, width: string) => {
    if (!config) return null;
    const { className = width, selected } = config === true ? {} : config;
    const plural = `${entity[0]?.toUpperCase()}${entity.slice(1)}s` as "Customers" | "Vehicles" | "Drivers";
    return (
      <EntityFilter
        list={list}
        entity={entity}
        label={words(entity)}
        all={words(`all${plural}`)}
        selected={selected}
        className={className}
      />
    );
  };
  return (
    <>
      {statuses.map((status) => (
        <StatusFilter key={status.name} list={list} {...status} />
      ))}
      {slot("customer", customer, "lg:w-52")}
      {slot("vehicle", vehicle, "lg:w-44")}
      {slot("driver", driver, "lg:w-52")}
      {period ? <PeriodFilter list={list} label={words} {...(period === true ? {} : period)} /> : null}
    </>
  );
}

/** What a `LookupFilter` searches: a query hook over one kind of row (module-level, a hook). */
export type LookupRows<R> = (q: string) => {
  data: readonly R[] | undefined;
  isFetching: boolean;
  isError: boolean;
};

/**
 * A picker of one of the list's id filters over a screen's own lookup (e.g. the drivers the fuel log
 * may name, which a driver's session also reaches), searched as the user types. `failed` words the
 * empty list when the lookup failed; without it the list just reads `empty`.
 */
export function LookupFilter<R>({
  list,
  name,
  rows: useRows,
  toOption,
  label,
  all,
  labels,
  entity,
  selected,
  className,
}: {
  list: FilterBinding;
  name: string;
  rows: LookupRows<R>;
  toOption: (row: R) => ComboboxOption;
  label: string;
  all: string;
  labels: { search: string; empty: string; failed?: string; clear: string };
  /** Which of the rows' names words the chosen value (see `chosenLabel`). */
  entity?: Entity;
  selected?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { search, setSearch, q, typing } = usePickerSearch();
  const lookup = useRows(q);
  return (
    <Combobox
      aria-label={label}
      className={className}
      value={value(list, name) ?? null}
      selectedLabel={entity ? chosenLabel(list, entity, selected) : selected}
      onChange={(id) => list.update({ [name]: id })}
      options={(lookup.data ?? []).map(toOption)}
      search={search}
      onSearchChange={setSearch}
      loading={lookup.isFetching || typing}
      placeholder={all}
      labels={{
        search: labels.search,
        empty: lookup.isError && labels.failed ? labels.failed : labels.empty,
        clear: labels.clear,
        loading: t("common:loading"),
      }}
    />
  );
}
