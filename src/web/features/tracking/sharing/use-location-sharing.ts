import {
  type GeofencePrompt,
  POSITION_BATCH_MAX,
  type PositionPoint,
  type SharingState,
} from "@shared/tracking/tracking.schema";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "../../../lib/api-errors";
import { CHECK_IN_MUTATION } from "../../../lib/stop-check-in";
import { setCurrentFix } from "./current-fix";
import { positionQueue } from "./position-queue";
import { sendPositions, sharingKeys } from "./sharing-api";
import { keepFix, pointOf, wantsHighAccuracy } from "./sharing-rules";

/** watching: fixes arrive; denied: the browser refuses; unavailable: no geolocation in this browser. */
export type SharingStatus = "idle" | "watching" | "denied" | "unavailable";

/** A page hidden this long stops watching (the browser mostly stops delivering fixes anyway). */
const HIDDEN_STOP_MS = 10 * 60_000;
const DISMISSED_KEY = "lms.geofence.dismissed";

const dismissedIds = (): string[] => {
  try {
    return JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? "[]") as string[];
  } catch {
    return [];
  }
};

/**
 * The phone's side of location sharing (decision 054), run while the server's sharing state says so
 * (consent, a load in progress, on duty) and the driver has not paused it:
 * - watches the position, with high accuracy only near the next stop (battery);
 * - keeps a fix when it moved ≥ 50 m from the last one kept or that one is ≥ 5 min old, into the
 *   queue (so fixes taken offline wait there);
 * - sends the queue every `intervalSeconds`, on each check-in and when the page is hidden, with the
 *   device times; a 409 (sharing ended on the server) drops them: they must not be kept;
 * - surfaces the geofence proposal an answer (or the sharing state) carries.
 * A web page cannot share in the background: closed or locked, it pauses (said on the consent screen).
 */
export function useLocationSharing(state: SharingState | undefined, paused: boolean) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SharingStatus>("idle");
  const [asleep, setAsleep] = useState(false);
  const [highAccuracy, setHighAccuracy] = useState(true);
  const [answered, setAnswered] = useState<GeofencePrompt | null>(null);
  const [dismissed, setDismissed] = useState<string[]>(dismissedIds);
  const lastKept = useRef<PositionPoint | null>(null);
  const sending = useRef(false);
  const nextStop = useRef(state?.nextStop ?? null);
  nextStop.current = state?.nextStop ?? null;
  const active = !!state?.sharing && !paused && !asleep;
  const intervalMs = Math.max(5, state?.intervalSeconds ?? 45) * 1000;

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    const points = await positionQueue.drain().catch(() => []);
    if (points.length === 0) {
      sending.current = false;
      return;
    }
    let sent = 0;
    try {
      while (sent < points.length) {
        const batch = points.slice(sent, sent + POSITION_BATCH_MAX);
        const result = await sendPositions(batch);
        sent += batch.length;
        if (result.prompt) setAnswered(result.prompt);
      }
    } catch (err) {
      if (isApiError(err, 409)) {
        // Sharing ended on the server (off duty, load delivered, consent withdrawn elsewhere):
        // positions taken since must never be stored.
        void queryClient.invalidateQueries({ queryKey: sharingKeys.state });
      } else if (!isApiError(err, 400)) {
        // Offline or the server down: they wait for the next send (a 400 batch would fail again).
        await positionQueue.add(points.slice(sent));
      }
    } finally {
      sending.current = false;
    }
  }, [queryClient]);

  // The browser's permission, before and while watching: "denied" shows the instructions.
  useEffect(() => {
    if (!state?.consented || !navigator.permissions) return;
    let gone = false;
    let perm: PermissionStatus | undefined;
    const onChange = () => {
      if (perm?.state === "denied") setStatus("denied");
      else setStatus((s) => (s === "denied" ? "idle" : s));
    };
    navigator.permissions
      .query({ name: "geolocation" })
      .then((p) => {
        if (gone) return;
        perm = p;
        onChange();
        p.addEventListener("change", onChange);
      })
      .catch(() => {});
    return () => {
      gone = true;
      perm?.removeEventListener("change", onChange);
    };
  }, [state?.consented]);

  // Watching the position while active; a change of accuracy restarts the watch.
  useEffect(() => {
    if (!active) {
      setCurrentFix(null);
      setStatus((s) => (s === "denied" || s === "unavailable" ? s : "idle"));
      return;
    }
    if (!("geolocation" in navigator)) {
      setStatus("unavailable");
      return;
    }
    let first = lastKept.current === null;
    const id = navigator.geolocation.watchPosition(
      (position) => {
        const point = pointOf(position);
        setStatus("watching");
        setCurrentFix(point);
        setHighAccuracy(wantsHighAccuracy(point, nextStop.current));
        if (!keepFix(point, lastKept.current)) return;
        lastKept.current = point;
        const kept = positionQueue.add(point);
        // The first fix goes at once: dispatch sees the truck without waiting a whole interval.
        if (first) {
          first = false;
          void kept.then(flush);
        }
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setStatus("denied");
      },
      { enableHighAccuracy: highAccuracy, maximumAge: 15_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [active, highAccuracy, flush]);

  // Sending every interval while active (and what waited offline once back online).
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void flush(), intervalMs);
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", online);
    };
  }, [active, intervalMs, flush]);

  // Hidden: send what is waiting now; hidden for long: stop watching until the page is back.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      clearTimeout(timer);
      if (document.visibilityState === "hidden") {
        void flush();
        timer = setTimeout(() => setAsleep(true), HIDDEN_STOP_MS);
      } else setAsleep(false);
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [flush]);

  // A check-in (from the load's screen or the prompt) sends the trail up to it, and moves the next stop.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "success") return;
        if (event.mutation.options.mutationKey?.[0] !== CHECK_IN_MUTATION[0]) return;
        void flush();
        void queryClient.invalidateQueries({ queryKey: sharingKeys.state });
      }),
    [queryClient, flush],
  );

  const candidate = answered ?? state?.prompt ?? null;
  const prompt = candidate && !dismissed.includes(candidate.eventId) ? candidate : null;
  /** "Not yet": this proposal is not shown again on this phone (the server keeps it proposed). */
  const dismissPrompt = useCallback((eventId: string) => {
    setAnswered(null);
    setDismissed((ids) => {
      const next = [...ids, eventId].slice(-50);
      try {
        sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
      } catch {
        // Not kept past this page: it may ask again after a reload.
      }
      return next;
    });
  }, []);
  const answeredPrompt = useCallback(() => setAnswered(null), []);

  return { status, prompt, dismissPrompt, answeredPrompt, flush };
}
