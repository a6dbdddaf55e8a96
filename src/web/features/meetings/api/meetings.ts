import type { MeetingInput, MeetingQuery } from "@shared/meetings/meetings.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export const meetingKeys = { all: ["meetings"] as const };

export function useMeetings(query: Partial<MeetingQuery> & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...meetingKeys.all, "list", query],
    queryFn: ({ signal }) => api.get("/api/meetings", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useScheduleMeeting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MeetingInput) => api.post("/api/meetings", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}

export function useCancelMeeting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post("/api/meetings/{id}/cancel", { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}

/**
 * The Zoom-type service's credentials: kept only in this browser (spec section 1 — "Credentials are
 * kept only in the browser and scheduling is simulated"), never sent to the server.
 */
const ZOOM_KEY = "lms-zoom-credentials";
export interface ZoomCredentials {
  accountId: string;
  clientId: string;
  clientSecret: string;
}
export function zoomCredentials(): ZoomCredentials | null {
  try {
    const saved = JSON.parse(localStorage.getItem(ZOOM_KEY) ?? "null") as ZoomCredentials | null;
    return saved?.accountId && saved.clientId && saved.clientSecret ? saved : null;
  } catch {
    return null;
  }
}
export function saveZoomCredentials(c: ZoomCredentials | null) {
  if (c) localStorage.setItem(ZOOM_KEY, JSON.stringify(c));
  else localStorage.removeItem(ZOOM_KEY);
}
/** Simulated scheduling: a meeting number in the service's link format. */
export function simulatedZoomLink(): string {
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(11)), (b) => b % 10).join("");
  return `https://zoom.us/j/${digits.replace(/^0/, "8")}`;
}
