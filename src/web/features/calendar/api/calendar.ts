import type {
  ReviewTimeOffInput,
  TimeOffRequestInput,
  TimeOffStatus,
} from "@shared/calendar/time-off.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { meQueryKey } from "../../../lib/session";

/** One key tree: a time-off change invalidates the requests lists and the calendar at once. */
export const calendarKeys = {
  all: ["calendar"] as const,
  events: (range: object) => [...calendarKeys.all, "events", range] as const,
  timeOff: () => [...calendarKeys.all, "time-off"] as const,
  timeOffList: (query: object) => [...calendarKeys.timeOff(), "list", query] as const,
};

export function useCalendarEvents(range: { from: string; to: string; driverId?: string }) {
  return useQuery({
    queryKey: calendarKeys.events(range),
    queryFn: ({ signal }) => api.get("/api/calendar/events", { query: range, signal }),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export interface TimeOffQuery {
  status?: TimeOffStatus;
  driverId?: string;
  page: number;
  pageSize: number;
}

export function useTimeOffRequests(query: TimeOffQuery) {
  return useQuery({
    queryKey: calendarKeys.timeOffList(query),
    queryFn: ({ signal }) => api.get("/api/time-off", { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** Time off moves the calendar and may change the driver's own status (off duty). */
function useInvalidateTimeOff() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);
}

export function useRequestTimeOff() {
  const invalidate = useInvalidateTimeOff();
  return useMutation({
    mutationFn: (body: TimeOffRequestInput) => api.post("/api/time-off", { body }),
    onSuccess: invalidate,
  });
}

export function useReviewTimeOff() {
  const invalidate = useInvalidateTimeOff();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewTimeOffInput & { id: string }) =>
      api.post("/api/time-off/{id}/review", { path: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useCancelTimeOff() {
  const invalidate = useInvalidateTimeOff();
  return useMutation({
    mutationFn: (id: string) => api.post("/api/time-off/{id}/cancel", { path: { id } }),
    onSuccess: invalidate,
  });
}
