import type { ExportFormat, FuelDriverOption, FuelFilter } from "@shared/fuel/fuel.schema";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { outboxMutation, outboxPost } from "../../../lib/outbox/outbox";

export type FuelListQuery = Partial<FuelFilter> & { page: number; pageSize: number };

export const fuelKeys = {
  all: ["fuel"] as const,
  list: (query: object) => [...fuelKeys.all, "list", query] as const,
  vehicles: (q: string) => [...fuelKeys.all, "vehicles", q] as const,
  drivers: (q: string) => [...fuelKeys.all, "drivers", q] as const,
};

const base = "/api/fuel-entries";
const entryPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const fuelEntriesQuery = (query: FuelListQuery) =>
  queryOptions({
    queryKey: fuelKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/fuel-entries", { query: { ...query }, signal }),
    retry: retryTransient,
  });

export function useFuelEntries(query: FuelListQuery) {
  return useQuery(fuelEntriesQuery(query));
}

export function exportFuel(format: ExportFormat, filter: Partial<FuelFilter>) {
  return download(`${base}/export`, { ...filter, format }, `fuel-entries.${format}`);
}

export const downloadReceipt = (id: string, name: string) => download(`${entryPath(id)}/receipt`, {}, name);

/** The fuel form's trucks; the unsearched list is kept for the driver's day offline. */
export const fuelVehiclesQuery = (q: string) =>
  queryOptions({
    queryKey: fuelKeys.vehicles(q),
    queryFn: ({ signal }) => api.get("/api/fuel-entries/vehicles", { query: { q }, signal }),
    staleTime: 30_000,
    retry: retryTransient,
  });

export function useFuelVehicles(q: string, enabled = true) {
  return useQuery({ ...fuelVehiclesQuery(q), enabled, placeholderData: keepPreviousData });
}

export function useFuelDrivers(q: string, enabled = true) {
  return useQuery<FuelDriverOption[]>({
    queryKey: fuelKeys.drivers(q),
    queryFn: ({ signal }) =>
      api.get("/api/fuel-entries/drivers", { query: { q }, signal }).then((r) => r.items),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/**
 * The form's fields as strings plus the receipt, sent as multipart; `confirmDuplicate` once the
 * driver said to log a likely duplicate again.
 */
export function useLogFuel() {
  const queryClient = useQueryClient();
  return useMutation({
    ...outboxMutation,
    mutationFn: ({
      fields,
      receipt,
      confirmDuplicate,
    }: {
      fields: Record<string, string>;
      receipt: File | null;
      confirmDuplicate?: boolean;
    }) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      if (receipt) form.set("receipt", receipt);
      if (confirmDuplicate) form.set("confirmDuplicate", "true");
      // Through the outbox (decision 061): offline, the entry and its receipt wait on the phone.
      return outboxPost(
        "/api/fuel-entries",
        { form },
        {
          kind: "fuel",
          subject: {
            detail: [fields.location, fields.gallons && `${fields.gallons} gal`].filter(Boolean).join(" · "),
          },
          invalidate: [fuelKeys.all],
        },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fuelKeys.all }),
  });
}

export function useDeleteFuelEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/fuel-entries/{id}", { path: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fuelKeys.all }),
  });
}
