import type {
  CreateInspectionInput,
  InspectableAsset,
  InspectionAssetType,
  InspectionFilter,
  InspectorOption,
} from "@shared/inspections/inspections.schema";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { isQueued, outboxMutation, outboxPost } from "../../../lib/outbox/outbox";

export type InspectionListQuery = Partial<InspectionFilter> & { page: number; pageSize: number };
export type InspectionExportFormat = "csv" | "xlsx";

/** One key tree: filing or adding photos refreshes lists and details alike. */
export const inspectionKeys = {
  all: ["inspections"] as const,
  list: (query: object) => [...inspectionKeys.all, "list", query] as const,
  detail: (id: string) => [...inspectionKeys.all, "detail", id] as const,
  assets: (assetType: string, q: string) => [...inspectionKeys.all, "assets", assetType, q] as const,
  drivers: (q: string) => [...inspectionKeys.all, "drivers", q] as const,
};

const base = "/api/inspections";
const path = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const inspectionImageUrl = (id: string, imageId: string) =>
  `${path(id)}/images/${encodeURIComponent(imageId)}`;

export function useInspections(query: InspectionListQuery) {
  return useQuery({
    queryKey: inspectionKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/inspections", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function exportInspections(format: InspectionExportFormat, filter: Partial<InspectionFilter>) {
  return download(`${base}/export`, { ...filter, format }, `inspections.${format}`);
}

export function useInspection(id: string | undefined) {
  return useQuery({
    queryKey: inspectionKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/inspections/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

/** What the caller may inspect: a driver's assigned vehicle and trailer, or (staff) a search of all. */
/** The DVIR form's assets; a driver's (unsearched) are kept for the driver's day offline. */
export const inspectableAssetsQuery = (assetType: InspectionAssetType | "", q = "") =>
  queryOptions<InspectableAsset[]>({
    queryKey: inspectionKeys.assets(assetType, q),
    queryFn: ({ signal }) =>
      api.get("/api/inspections/assets", { query: { assetType, q }, signal }).then((r) => r.items),
    staleTime: 30_000,
    retry: retryTransient,
  });

export function useInspectableAssets(assetType: InspectionAssetType | "", q = "", enabled = true) {
  return useQuery({ ...inspectableAssetsQuery(assetType, q), enabled, placeholderData: keepPreviousData });
}

export function useInspectionDrivers(q: string, enabled = true) {
  return useQuery<InspectorOption[]>({
    queryKey: inspectionKeys.drivers(q),
    queryFn: ({ signal }) =>
      api.get("/api/inspections/drivers", { query: { q }, signal }).then((r) => r.items),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** Files an inspection and its photos in one request (the server keeps them in one transaction). */
export function useFileInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    ...outboxMutation,
    mutationFn: ({ input, photos }: { input: CreateInspectionInput; photos: File[] }) => {
      const form = new FormData();
      form.set("data", JSON.stringify(input));
      for (const photo of photos) form.append("images", photo);
      // Through the outbox (decision 061): offline, the inspection and its photos wait on the phone.
      return outboxPost(
        "/api/inspections",
        { form },
        { kind: "inspection", subject: { detail: input.assetType }, invalidate: [inspectionKeys.all] },
      );
    },
    onSuccess: (detail) => {
      if (isQueued(detail)) return;
      queryClient.setQueryData(inspectionKeys.detail(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
    },
  });
}

export function useAddInspectionPhotos(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photos: File[]) => {
      const form = new FormData();
      for (const photo of photos) form.append("images", photo);
      return api.post("/api/inspections/{id}/images", { path: { id }, form });
    },
    onSuccess: (detail) => {
      queryClient.setQueryData(inspectionKeys.detail(id), detail);
      return queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
    },
  });
}
