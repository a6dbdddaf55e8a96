import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

/** The staff dashboard's live figures: refreshed every minute while the page is open and on focus. */
export function useStaffDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ["dashboard", "staff"],
    queryFn: ({ signal }) => api.get("/api/dashboard", { signal }),
    enabled,
    refetchInterval: 60_000,
    retry: retryTransient,
  });
}
