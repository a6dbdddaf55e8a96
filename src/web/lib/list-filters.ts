/**
 * What the list filters (`components/list/filter-group.tsx`) are bound to, and how they word a chosen
 * customer, truck or driver — pure, so it is tested without a page.
 */
/** What a list's rows may say about the customer, truck and driver they name. */
export interface NamedRow {
  customerId?: string | null;
  customerName?: string | null;
  vehicleId?: string | null;
  vehicleLabel?: string | null;
  driverId?: string | null;
  driverName?: string | null;
}

/**
 * The part of a `useListScreen` result the filters are bound to: the URL's filter, its update, and
 * the page on screen (a chosen truck or driver is named from the rows that show it, so the picker
 * needs no extra request to word its value after a reload).
 */
export interface FilterBinding {
  filter: object;
  update(patch: Record<string, string | null>): void;
  /** Rows without the `*Id`/`*Name` fields name nothing; such a screen passes `selected`. */
  data?: { items: readonly object[] } | undefined;
}

/** The words a filter group shows: each picker's label and its "all" placeholder, each date's label. */
export type FilterWord =
  | "customer"
  | "allCustomers"
  | "vehicle"
  | "allVehicles"
  | "driver"
  | "allDrivers"
  | "from"
  | "to";

export type Entity = "customer" | "vehicle" | "driver";
/** The URL parameter of each picker, and the row field that names its choice. */
export const ENTITY_FIELDS = {
  customer: ["customerId", "customerName"],
  vehicle: ["vehicleId", "vehicleLabel"],
  driver: ["driverId", "driverName"],
} as const satisfies Record<Entity, readonly [keyof NamedRow, keyof NamedRow]>;

/** One of the list's URL values, as the filter parsed it. */
export const filterValue = (list: FilterBinding, key: string) =>
  (list.filter as Record<string, string | null | undefined>)[key] ?? undefined;

/**
 * The chosen customer's, truck's or driver's name, from the first row on screen that names it;
 * `fallback` (e.g. "Selected") when no row does, nothing when nothing is chosen.
 */
export function chosenLabel(list: FilterBinding, entity: Entity, fallback?: string) {
  const [idKey, nameKey] = ENTITY_FIELDS[entity];
  const id = filterValue(list, idKey);
  if (!id) return undefined;
  const rows = (list.data?.items ?? []) as readonly NamedRow[];
  return rows.find((row) => row[idKey] === id)?.[nameKey] ?? fallback;
}
