import type { DriverManualStatus } from "@shared/drivers/drivers.schema";
import type {
  CreateDriverAccountInput,
  CreateDriverInput,
  DriverDocumentKind,
  DriverFilter,
  UpdateDriverInput,
} from "@shared/drivers/management.schema";
import type { LoadStatus } from "@shared/loads/loads.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lookupKeys } from "../../../components/pickers/lookups";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type DriverListQuery = Partial<DriverFilter> & { page: number; pageSize: number };
export type ExportFormat = "csv" | "xlsx";

/**
 * One key tree for drivers and their ratings: any change to a driver invalidates `drivers`, which
 * refreshes the list, the profile and its tabs, the scorecards and the reviews.
 */
export const driverKeys = {
  all: ["drivers"] as const,
  lists: () => [...driverKeys.all, "list"] as const,
  list: (query: object) => [...driverKeys.lists(), query] as const,
  detail: (id: string) => [...driverKeys.all, "detail", id] as const,
  loads: (id: string, query: object) => [...driverKeys.all, "loads", id, query] as const,
  timeOff: (id: string) => [...driverKeys.all, "time-off", id] as const,
  assignments: (id: string) => [...driverKeys.all, "assignments", id] as const,
  ratings: (query: object) => [...driverKeys.all, "ratings", query] as const,
  ratable: (id: string) => [...driverKeys.all, "ratable", id] as const,
  scorecards: (query: object) => [...driverKeys.all, "scorecards", query] as const,
};

const driversPath = "/api/drivers";
export const driverPath = (id: string) => `${driversPath}/${encodeURIComponent(id)}`;

export function useInvalidateDrivers() {
  const queryClient = useQueryClient();
  // Dispatch's driver pickers show statuses and leave out deactivated drivers: refresh them too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: driverKeys.all }),
      queryClient.invalidateQueries({ queryKey: lookupKeys.kind("drivers") }),
    ]);
}

export function useDrivers(query: DriverListQuery) {
  return useQuery({
    queryKey: driverKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/drivers", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function exportDrivers(format: ExportFormat, filter: Partial<DriverFilter>) {
  return download(`${driversPath}/export`, { ...filter, format }, `drivers.${format}`);
}

export function useDriver(id: string | undefined) {
  return useQuery({
    queryKey: driverKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/drivers/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export function useCreateDriver() {
  const invalidate = useInvalidateDrivers();
  return useMutation({
    mutationFn: (body: CreateDriverInput) => api.post("/api/drivers", { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateDriver(id: string) {
  const invalidate = useInvalidateDrivers();
  return useMutation({
    mutationFn: (body: UpdateDriverInput) => api.put("/api/drivers/{id}", { path: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useSetDriverStatus(id: string) {
  const invalidate = useInvalidateDrivers();
  return useMutation({
    mutationFn: (status: DriverManualStatus) =>
      api.post("/api/drivers/{id}/status", { path: { id }, body: { status } }),
    onSettled: invalidate,
  });
}

export function useCreateDriverAccount(id: string) {
  const invalidate = useInvalidateDrivers();
  return useMutation({
    mutationFn: (body: CreateDriverAccountInput) =>
      api.post("/api/drivers/{id}/account", { path: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDriverActivation(id: string) {
  const invalidate = useInvalidateDrivers();
  return useMutation({
    mutationFn: (action: "deactivate" | "reactivate") =>
      action === "deactivate"
        ? api.post("/api/drivers/{id}/deactivate", { path: { id }, body: {} })
        : api.post("/api/drivers/{id}/reactivate", { path: { id }, body: {} }),
    onSettled: invalidate,
  });
}

export function useDeleteDriver(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete("/api/drivers/{id}", { path: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: driverKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: driverKeys.lists() });
    },
  });
}

export type DriverLoadsQuery = { page: number; pageSize: number; status?: LoadStatus };

export function useDriverLoads(id: string, query: DriverLoadsQuery) {
  return useQuery({
    queryKey: driverKeys.loads(id, query),
    queryFn: ({ signal }) =>
      api.get("/api/drivers/{id}/loads", { path: { id }, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function useDriverTimeOff(id: string) {
  return useQuery({
    queryKey: driverKeys.timeOff(id),
    queryFn: ({ signal }) => api.get("/api/drivers/{id}/time-off", { path: { id }, signal }),
    retry: retryTransient,
  });
}

export function useDriverAssignments(id: string) {
  return useQuery({
    queryKey: driverKeys.assignments(id),
    queryFn: ({ signal }) => api.get("/api/drivers/{id}/assignments", { path: { id }, signal }),
    retry: retryTransient,
  });
}

export const driverDocumentUrl = (driverId: string, documentId: string, inline = false) =>
  `${driverPath(driverId)}/documents/${encodeURIComponent(documentId)}${inline ? "?disposition=inline" : ""}`;

export function useUploadDriverDocument(id: string) {
  const invalidate = useInvalidateDrivers();
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind: DriverDocumentKind }) => {
      const form = new FormData();
      form.set("kind", kind);
      form.set("file", file);
      return api.post("/api/drivers/{id}/documents", { path: { id }, form });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteDriverDocument(id: string) {
  const invalidate = useInvalidateDrivers();
  return useMutation({
    mutationFn: (documentId: string) =>
      api.delete("/api/drivers/{id}/documents/{documentId}", { path: { id, documentId } }),
    onSuccess: invalidate,
  });
}
