import type { Items } from "@shared/api/api.schema";
import type {
  CompleteMaintenanceInput,
  MaintenanceAssetOption,
  MaintenanceDeleted,
  MaintenanceFilter,
  MaintenanceInput,
  MaintenanceItem,
  MaintenancePage,
  MaintenanceResult,
} from "@shared/fleet/maintenance.schema";
import type {
  TrailerDetail,
  TrailerFilter,
  TrailerFormInput,
  TrailerPage,
} from "@shared/fleet/trailers.schema";
import type {
  CreateVehicleInput,
  FleetDocument,
  ScheduleInput,
  UpdateVehicleInput,
  VehicleDetail,
  VehicleFilter,
  VehiclePage,
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
    queryFn: ({ signal }) => api<VehiclePage>(VEHICLES, { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export const exportVehicles = (format: ExportFormat, filter: Partial<VehicleFilter>) =>
  download(`${VEHICLES}/export`, { ...filter, format }, `vehicles.${format}`);

export function useVehicle(id: string | undefined) {
  return useQuery({
    queryKey: fleetKeys.vehicle(id ?? ""),
    queryFn: ({ signal }) => api<VehicleDetail>(`${VEHICLES}/${enc(id ?? "")}`, { signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export function useSaveVehicle(id?: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (body: CreateVehicleInput | UpdateVehicleInput) =>
      id
        ? api<VehicleDetail>(`${VEHICLES}/${enc(id)}`, { method: "PUT", body })
        : api<VehicleDetail>(VEHICLES, { method: "POST", body }),
    onSuccess: invalidate,
  });
}

export function useSaveSchedules(id: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (schedules: ScheduleInput[]) =>
      api<VehicleDetail>(`${VEHICLES}/${enc(id)}/schedules`, { method: "PUT", body: { schedules } }),
    onSuccess: invalidate,
  });
}

export function useCorrectOdometer(id: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (body: OdometerCorrection) =>
      api<VehicleDetail>(`${VEHICLES}/${enc(id)}/odometer`, { method: "POST", body }),
    onSuccess: invalidate,
  });
}

export function useDeleteAsset(kind: AssetKind) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (id: string) =>
      api<unknown>(`${kind === "vehicles" ? VEHICLES : TRAILERS}/${enc(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

// ---- Trailers

export function useTrailers(query: Paged<TrailerFilter>) {
  return useQuery({
    queryKey: fleetKeys.trailers(query),
    queryFn: ({ signal }) => api<TrailerPage>(TRAILERS, { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export const exportTrailers = (format: ExportFormat, filter: Partial<TrailerFilter>) =>
  download(`${TRAILERS}/export`, { ...filter, format }, `trailers.${format}`);

export function useTrailer(id: string | undefined) {
  return useQuery({
    queryKey: fleetKeys.trailer(id ?? ""),
    queryFn: ({ signal }) => api<TrailerDetail>(`${TRAILERS}/${enc(id ?? "")}`, { signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export function useSaveTrailer(id?: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (body: TrailerFormInput) =>
      id
        ? api<TrailerDetail>(`${TRAILERS}/${enc(id)}`, { method: "PUT", body })
        : api<TrailerDetail>(TRAILERS, { method: "POST", body }),
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
      return api<FleetDocument>(documentsPath(kind, assetId), { form });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteDocument(kind: AssetKind, assetId: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (documentId: string) =>
      api<unknown>(documentUrl(kind, assetId, documentId), { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

// ---- Maintenance log

export function useMaintenance(query: Paged<MaintenanceFilter>, enabled = true) {
  return useQuery({
    queryKey: fleetKeys.maintenance(query),
    queryFn: ({ signal }) => api<MaintenancePage>(MAINTENANCE, { query: { ...query }, signal }),
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
      api<Items<MaintenanceAssetOption>>(`${MAINTENANCE}/assets`, { query: { q }, signal }).then(
        (d) => d.items,
      ),
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
        ? await api<MaintenanceResult>(`${MAINTENANCE}/${enc(id)}`, { method: "PUT", body })
        : await api<MaintenanceResult>(MAINTENANCE, { method: "POST", body });
      let receiptError: unknown = null;
      if (receipt) {
        try {
          const form = new FormData();
          form.set("file", receipt);
          result.item = await api<MaintenanceItem>(receiptUrl(result.item.id), { form });
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
      const result = await api<MaintenanceResult>(`${MAINTENANCE}/${enc(id)}/complete`, { body });
      let receiptError: unknown = null;
      if (receipt) {
        try {
          const form = new FormData();
          form.set("file", receipt);
          result.item = await api<MaintenanceItem>(receiptUrl(id), { form });
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
    mutationFn: (id: string) => api<MaintenanceDeleted>(`${MAINTENANCE}/${enc(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
