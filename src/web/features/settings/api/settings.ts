import type { AssistantSettingsInput } from "@shared/assistant/assistant.schema";
import type { SecuritySettingsInput, TwoFactorStatus } from "@shared/auth/two-factor.schema";
import type { GeoSettingsInput } from "@shared/geo/geo.schema";
import type {
  CompanySettingsInput,
  DispatchSettingsInput,
  ProfileInput,
} from "@shared/settings/settings.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { meQueryKey } from "../../../lib/session";

const companyKey = ["settings", "company"] as const;
const profileKey = ["settings", "profile"] as const;

export function useCompanySettings() {
  return useQuery({
    queryKey: companyKey,
    queryFn: ({ signal }) => api.get("/api/settings/company", { signal }),
    retry: retryTransient,
  });
}

export function useSaveCompanySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanySettingsInput) => api.put("/api/settings/company", { body: input }),
    onSuccess: (saved) => client.setQueryData(companyKey, saved),
  });
}

export function useCompanyLogo() {
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("file", file);
      return api.post("/api/settings/company/logo", { form });
    },
    onSuccess: (saved) => client.setQueryData(companyKey, saved),
  });
  const remove = useMutation({
    mutationFn: () => api.delete("/api/settings/company/logo"),
    onSuccess: (saved) => client.setQueryData(companyKey, saved),
  });
  return { upload, remove };
}

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => api.get("/api/me/profile", { signal }),
    retry: retryTransient,
  });
}

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put("/api/me/profile", { body: input }),
    onSuccess: (saved) => {
      client.setQueryData(profileKey, saved);
      // The header shows the name.
      void client.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

const twoFactorKey = ["settings", "two-factor"] as const;

export function useTwoFactor() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => api.get("/api/me/two-factor", { signal }),
    retry: retryTransient,
  });
}

const securityHistoryKey = ["settings", "security-history"] as const;

/** The signed-in user's security history, a page at a time (newest first). */
export function useSecurityHistory(userId: string | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...securityHistoryKey, userId, page, pageSize],
    queryFn: ({ signal }) =>
      api.get("/api/users/{id}/security-history", {
        path: { id: userId ?? "" },
        query: { page, pageSize },
        signal,
      }),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** Set-up (password → QR code and recovery codes → a first code) and turning it off. */
export function useTwoFactorSteps() {
  const client = useQueryClient();
  const settled = async (status: TwoFactorStatus) => {
    client.setQueryData(twoFactorKey, status);
    void client.invalidateQueries({ queryKey: securityHistoryKey });
    // The session was replaced and the account may be ready now: the shell asks again.
    await client.refetchQueries({ queryKey: meQueryKey });
  };
  return {
    enable: useMutation({
      mutationFn: (password: string) => api.post("/api/me/two-factor/enable", { body: { password } }),
    }),
    confirm: useMutation({
      mutationFn: (code: string) => api.post("/api/me/two-factor/confirm", { body: { code } }),
      onSuccess: settled,
    }),
    disable: useMutation({
      mutationFn: (password: string) => api.post("/api/me/two-factor/disable", { body: { password } }),
      onSuccess: settled,
    }),
  };
}

const dispatchKey = ["settings", "dispatch"] as const;

export function useDispatchSettings() {
  return useQuery({
    queryKey: dispatchKey,
    queryFn: ({ signal }) => api.get("/api/settings/dispatch", { signal }),
    retry: retryTransient,
  });
}

export function useSaveDispatchSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DispatchSettingsInput) => api.put("/api/settings/dispatch", { body: input }),
    onSuccess: (saved) => client.setQueryData(dispatchKey, saved),
  });
}

const securityKey = ["settings", "security"] as const;

export function useSecuritySettings() {
  return useQuery({
    queryKey: securityKey,
    queryFn: ({ signal }) => api.get("/api/settings/security", { signal }),
    retry: retryTransient,
  });
}

export function useSaveSecuritySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SecuritySettingsInput) => api.put("/api/settings/security", { body: input }),
    onSuccess: (saved) => client.setQueryData(securityKey, saved),
  });
}

const assistantKey = ["settings", "assistant"] as const;

export function useAssistantSettings() {
  return useQuery({
    queryKey: assistantKey,
    queryFn: ({ signal }) => api.get("/api/assistant/settings", { signal }),
    retry: retryTransient,
  });
}

export function useSaveAssistantSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AssistantSettingsInput) => api.put("/api/assistant/settings", { body: input }),
    onSuccess: (saved) => {
      client.setQueryData(assistantKey, saved);
      void client.invalidateQueries({ queryKey: ["assistant", "status"] });
    },
  });
}

const geoKey = ["settings", "geo"] as const;

/** Settings → Maps & tracking (issue 40): keys never come back, only whether one is saved. */
export function useGeoSettings() {
  return useQuery({
    queryKey: geoKey,
    queryFn: ({ signal }) => api.get("/api/settings/geo", { signal }),
    retry: retryTransient,
  });
}

export function useSaveGeoSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GeoSettingsInput) => api.put("/api/settings/geo", { body: input }),
    onSuccess: (saved) => client.setQueryData(geoKey, saved),
  });
}

/** Geocode the test address once with the saved geocoder. */
export function useTestGeocoder() {
  return useMutation({ mutationFn: () => api.post("/api/settings/geo/test", { body: {} }) });
}
