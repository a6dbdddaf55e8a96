import type { DataSettingsInput } from "@shared/data-management/data-management.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

const exportsKey = ["data", "exports"] as const;
const backupsKey = ["data", "backups"] as const;
const settingsKey = ["data", "settings"] as const;

/** The latest exports; polled each second while one runs, so its progress moves. */
export function useDataExports() {
  return useQuery({
    queryKey: exportsKey,
    queryFn: ({ signal }) => api.get("/api/data/exports", { signal }),
    retry: retryTransient,
    refetchInterval: (q) => (q.state.data?.items.some((e) => e.status === "running") ? 1000 : false),
  });
}

export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/data/exports"),
    onSuccess: () => client.invalidateQueries({ queryKey: exportsKey }),
  });
}

export function useBackups() {
  return useQuery({
    queryKey: backupsKey,
    queryFn: ({ signal }) => api.get("/api/data/backups", { signal }),
    retry: retryTransient,
  });
}

export function useBackupNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/data/backups"),
    onSuccess: () => client.invalidateQueries({ queryKey: backupsKey }),
  });
}

export function useDataSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get("/api/data/settings", { signal }),
    retry: retryTransient,
  });
}

export function useSaveDataSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DataSettingsInput) => api.put("/api/data/settings", { body: input }),
    onSuccess: (saved) => client.setQueryData(settingsKey, saved),
  });
}

/** The dry run of removing the demo company: asked for when the admin opens the dialog. */
export function useDemoPreview(enabled: boolean) {
  return useQuery({
    queryKey: ["data", "demo"],
    queryFn: ({ signal }) => api.get("/api/data/demo", { signal }),
    enabled,
    retry: retryTransient,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useRemoveDemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/data/demo/remove"),
    onSuccess: () => client.invalidateQueries(),
  });
}
