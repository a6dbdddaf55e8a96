import type { LoadDetail } from "@shared/loads/loads.schema";
import type { CheckInInput } from "@shared/loads/stop-requests.schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isQueued, outboxMutation, outboxPost } from "./outbox/outbox";
import type { OutboxEntry } from "./outbox/outbox-core";
import { loadKeys } from "./query-keys";

/** Every check-in's mutation key: the phone's location sharing sends its trail on each (decision 054). */
export const CHECK_IN_MUTATION = ["check-in"] as const;

/**
 * The driver's check-in at a stop; the answer is the load as it now is, or `{ queued }` when there
 * is no network: it waits in the outbox with the tap time and is sent when the network returns
 * (decision 061). `at` and `geofenceEventId` when the driver confirms the phone's "You're at … —
 * check in?": the time it noticed the arrival.
 * Shared by the load's stops (features/loads) and the geofence prompt (features/tracking).
 */
export function useStopCheckIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CHECK_IN_MUTATION,
    ...outboxMutation,
    mutationFn: ({ stopId, ...body }: CheckInInput & { stopId: string }) => {
      const load = queryClient.getQueryData<LoadDetail>(loadKeys.detail(id));
      return outboxPost(
        "/api/loads/{id}/stops/{stopId}/check-in",
        { path: { id, stopId }, body },
        {
          kind: "check-in",
          subject: { load: load?.loadNumber ?? "", loadId: id, stopId, event: body.event },
          invalidate: [loadKeys.all],
        },
      );
    },
    onSuccess: (load) => {
      if (!isQueued(load)) queryClient.setQueryData(loadKeys.detail(id), load);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: loadKeys.all }),
  });
}

/**
 * The load as the driver sees it with their check-ins still waiting in the outbox applied: the stop
 * shows them done at the time they tapped, so the screen moves on to the next check-in offline.
 */
export function withWaitingCheckIns(load: LoadDetail, entries: OutboxEntry[]): LoadDetail {
  const waiting = entries.filter(
    (e) => e.kind === "check-in" && e.state !== "refused" && e.subject.loadId === load.id,
  );
  if (waiting.length === 0) return load;
  return {
    ...load,
    stops: load.stops.map((stop) => {
      const mine = waiting.filter((e) => e.subject.stopId === stop.id);
      if (mine.length === 0) return stop;
      const next = { ...stop };
      for (const e of mine) {
        const field = `${e.subject.event}At` as "arrivedAt" | "doneAt" | "departedAt";
        if (field in next && !next[field]) next[field] = e.occurredAt;
      }
      return next;
    }),
  };
}
