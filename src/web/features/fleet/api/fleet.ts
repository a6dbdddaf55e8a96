import type {
  CompleteMaintenanceInput,
  MaintenanceAssetOption,
  MaintenanceFilter,
  MaintenanceInput,
} from "@shared/fleet/maintenance.schema";
import type { TrailerFilter, TrailerFormInput } from "@shared/fleet/trailers.schema";
import type {
  CreateVehicleInput,
  ScheduleInput,
  UpdateVehicleInput,
  VehicleFilter,
} from "@shared/fleet/vehicles.schema";
import type { OdometerCorrection } from "@shared/fuel/fuel.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lookupKeys } from "../../../components/pickers/lookups";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type ExportFormat = "csv" | "xlsx";
type Paged<F> = Partial<F> & { page: number; pageSize: number };
export type AssetKind = "vehicles" | "trailers";

/**
 * One key tree for the fleet: any change (a vehicle edit, a maintenance entry) refreshes every
 * fleet list and detail, since maintenance moves odometers, statuses and due dates. Assignments and
 * dispatch pickers show vehicles too, so they are refreshed as well.
 */
export const fleetKeys = {
  all: ["fleet"] as const,
  vehicles: (query: object) => [...fleetKeys.all, "vehicles", query] as const,
  vehicle: (id: string) => [...fleetKeys.all, "vehicle", id] as const,
  trailers: (query: object) => [...fleetKeys.all, "trailers", query] as const,
  trailer: (id: string) => [...fleetKeys.all, "trailer", id] as const,
  maintenance: (query: object) => [...fleetKeys.all, "maintenance", query] as const,
  assets: (q: string) => [...fleetKeys.all, "maintenance-assets", q] as const,
};

const VEHICLES = "/api/fleet/vehicles";
const TRAILERS = "/api/fleet/trailers";
const MAINTENANCE = "/api/fleet/maintenance";
const enc = encodeURIComponent;

function useInvalidateFleet() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
      queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["assignments"] }),
    ]);
}

// ---- Vehicles

export function useVehicles(query: Paged<VehicleFilter>) {
  return useQuery({
    queryKey: fleetKeys.vehicles(query),
    queryFn: ({ signal }) => api.get("/api/fleet/vehicles", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export const exportVehicles = (format: ExportFormat, filter: Partial<VehicleFilter>) =>
  download(`${VEHICLES}/export`, { ...filter, format }, `vehicles.${format}`);

export function useVehicle(id: string | undefined) {
  return useQuery({
    queryKey: fleetKeys.vehicle(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/fleet/vehicles/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export function useSaveVehicle(id?: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (body: CreateVehicleInput | UpdateVehicleInput) =>
      id
        ? api.put("/api/fleet/vehicles/{id}", { path: { id }, body })
        : api.post("/api/fleet/vehicles", { body }),
    onSuccess: invalidate,
  });
}

export function useSaveSchedules(id: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (schedules: ScheduleInput[]) =>
      api.put("/api/fleet/vehicles/{id}/schedules", { path: { id }, body: { schedules } }),
    onSuccess: invalidate,
  });
}

export function useCorrectOdometer(id: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (body: OdometerCorrection) =>
      api.post("/api/fleet/vehicles/{id}/odometer", { path: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteAsset(kind: AssetKind) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (id: string) =>
      kind === "vehicles"
        ? api.delete("/api/fleet/vehicles/{id}", { path: { id } })
        : api.delete("/api/fleet/trailers/{id}", { path: { id } }),
    onSuccess: invalidate,
  });
}

// ---- Trailers

export function useTrailers(query: Paged<TrailerFilter>) {
  return useQuery({
    queryKey: fleetKeys.trailers(query),
    queryFn: ({ signal }) => api.get("/api/fleet/trailers", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export const exportTrailers = (format: ExportFormat, filter: Partial<TrailerFilter>) =>
  download(`${TRAILERS}/export`, { ...filter, format }, `trailers.${format}`);

export function useTrailer(id: string | undefined) {
  return useQuery({
    queryKey: fleetKeys.trailer(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/fleet/trailers/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export function useSaveTrailer(id?: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (body: TrailerFormInput) =>
      id
        ? api.put("/api/fleet/trailers/{id}", { path: { id }, body })
        : api.post("/api/fleet/trailers", { body }),
    onSuccess: invalidate,
  });
}

// ---- Documents

const documentsPath = (kind: AssetKind, assetId: string) =>
  `${kind === "vehicles" ? VEHICLES : TRAILERS}/${enc(assetId)}/documents`;
export const documentUrl = (kind: AssetKind, assetId: string, documentId: string) =>
  `${documentsPath(kind, assetId)}/${enc(documentId)}`;

export function useUploadDocument(kind: AssetKind, assetId: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: ({ file, name, expiresOn }: { file: File; name: string; expiresOn: string }) => {
      const form = new FormData();
      form.set("file", file);
      form.set("name", name);
      if (expiresOn) form.set("expiresOn", expiresOn);
      return kind === "vehicles"
        ? api.post("/api/fleet/vehicles/{id}/documents", { path: { id: assetId }, form })
        : api.post("/api/fleet/trailers/{id}/documents", { path: { id: assetId }, form });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteDocument(kind: AssetKind, assetId: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (documentId: string) =>
      kind === "vehicles"
        ? api.delete("/api/fleet/vehicles/{id}/documents/{documentId}", { path: { id: assetId, documentId } })
        : api.delete("/api/fleet/trailers/{id}/documents/{documentId}", {
            path: { id: assetId, documentId },
          }),
    onSuccess: invalidate,
  });
}

// ---- Maintenance log

export function useMaintenance(query: Paged<MaintenanceFilter>, enabled = true) {
  return useQuery({
    queryKey: fleetKeys.maintenance(query),
    queryFn: ({ signal }) => api.get("/api/fleet/maintenance", { query: { ...query }, signal }),
    enabled,
    retry: retryTransient,
  });
}

export const exportMaintenance = (format: ExportFormat, filter: Partial<MaintenanceFilter>) =>
  download(`${MAINTENANCE}/export`, { ...filter, format }, `maintenance.${format}`);

export function useMaintenanceAssets(q: string, enabled = true) {
  return useQuery<MaintenanceAssetOption[]>({
    queryKey: fleetKeys.assets(q),
    queryFn: ({ signal }) =>
      api.get("/api/fleet/maintenance/assets", { query: { q }, signal }).then((d) => d.items),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export const receiptUrl = (id: string) => `${MAINTENANCE}/${enc(id)}/receipt`;

/** Saves the entry, then its receipt when one was chosen (a failed upload keeps the entry). */
export function useSaveMaintenance(id?: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: async ({ body, receipt }: { body: MaintenanceInput; receipt?: File | null }) => {
      const result = id
        ? await api.put("/api/fleet/maintenance/{id}", { path: { id }, body })
        : await api.post("/api/fleet/maintenance", { body });
      let receiptError: unknown = null;
      if (receipt) {
        try {
          const form = new FormData();
          form.set("file", receipt);
          result.item = await api.post("/api/fleet/maintenance/{id}/receipt", {
            path: { id: result.item.id },
            form,
          });
        } catch (error) {
          receiptError = error;
        }
      }
      return { ...result, receiptError };
    },
    onSettled: invalidate,
  });
}

export function useCompleteMaintenance(id: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: async ({ body, receipt }: { body: CompleteMaintenanceInput; receipt?: File | null }) => {
      const result = await api.post("/api/fleet/maintenance/{id}/complete", { path: { id }, body });
      let receiptError: unknown = null;
      if (receipt) {
        try {
          const form = new FormData();
          form.set("file", receipt);
          result.item = await api.post("/api/fleet/maintenance/{id}/receipt", { path: { id }, form });
        } catch (error) {
          receiptError = error;
        }
      }
      return { ...result, receiptError };
    },
    onSettled: invalidate,
  });
}

export function useDeleteMaintenance() {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/fleet/maintenance/{id}", { path: { id } }),
    onSuccess: invalidate,
  });
}
