import type {
  Audience,
  MassEmailInput,
  RecipientGroupInput,
} from "@shared/communications/communications.schema";
import type { LogQuery } from "@shared/communications/log-query.schema";
import type { ConsentInput, ConsentQuery, SmsBlastInput } from "@shared/communications/sms.schema";
import type { AutomatedSwitchesInput } from "@shared/notifications/preferences.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

type SmsAudience = SmsBlastInput["audience"];

export const communicationKeys = { all: ["communications"] as const };

export function useCommunicationLog(query: Partial<LogQuery> & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...communicationKeys.all, "log", query],
    queryFn: ({ signal }) => api.get("/api/communications/log", { query: { ...query }, signal }),
    retry: retryTransient,
    // A message going out changes its recipients' states for a minute or two.
    refetchInterval: 10_000,
  });
}

export function useRecipientPreview(audience: Audience, enabled: boolean) {
  return useQuery({
    queryKey: [...communicationKeys.all, "preview", audience],
    queryFn: ({ signal }) => api.post("/api/communications/email/preview", { body: audience, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const uploadAttachment = (file: File) => {
  const form = new FormData();
  form.set("file", file);
  return api.post("/api/communications/attachments", { form });
};

export function useSendEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MassEmailInput) => api.post("/api/communications/email", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: communicationKeys.all }),
  });
}

export function useCancelCommunication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post("/api/communications/{id}/cancel", { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: communicationKeys.all }),
  });
}

export function useSignature() {
  return useQuery({
    queryKey: [...communicationKeys.all, "signature"],
    queryFn: ({ signal }) => api.get("/api/me/signature", { signal }),
  });
}

export function useSaveSignature() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (signature: string) => api.put("/api/me/signature", { body: { signature } }),
    onSuccess: (saved) => client.setQueryData([...communicationKeys.all, "signature"], saved),
  });
}

export function useSmsPreview(audience: SmsAudience, enabled: boolean) {
  return useQuery({
    queryKey: [...communicationKeys.all, "sms-preview", audience],
    queryFn: ({ signal }) => api.post("/api/communications/sms/preview", { body: { audience }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSendSms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; audience: SmsAudience }) =>
      api.post("/api/communications/sms", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: communicationKeys.all }),
  });
}

export function useConsents(query: Partial<ConsentQuery> & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...communicationKeys.all, "consents", query],
    queryFn: ({ signal }) => api.get("/api/sms-consents", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useRecordConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsentInput) => api.post("/api/sms-consents", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: communicationKeys.all }),
  });
}

export function useImportConsents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("file", file);
      return api.post("/api/sms-consents/import", { form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: communicationKeys.all }),
  });
}

const switchesKey = [...communicationKeys.all, "automated"] as const;

/** The company's automated notifications and their channels (the hub's Automated tab). */
export function useAutomatedSwitches() {
  return useQuery({
    queryKey: switchesKey,
    queryFn: ({ signal }) => api.get("/api/notifications/automated", { signal }),
    retry: retryTransient,
  });
}

export function useSaveAutomatedSwitches() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AutomatedSwitchesInput) => api.put("/api/notifications/automated", { body: input }),
    onSuccess: (saved) => client.setQueryData(switchesKey, saved),
  });
}

const groupsKey = [...communicationKeys.all, "groups"] as const;

/** Saved recipient groups (audiences the composer reloads). */
export function useRecipientGroups() {
  return useQuery({
    queryKey: groupsKey,
    queryFn: ({ signal }) => api.get("/api/communications/groups", { signal }),
    retry: retryTransient,
  });
}

export function useSaveRecipientGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RecipientGroupInput) => api.post("/api/communications/groups", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: groupsKey }),
  });
}

export function useDeleteRecipientGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/communications/groups/{id}", { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: groupsKey }),
  });
}
