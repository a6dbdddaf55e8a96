import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, api } from "../../../lib/api";
import { uploadWithProgress } from "../../../lib/upload";

export const publicKeys = {
  track: (number: string, check: string) => ["public", "track", number.toUpperCase(), check] as const,
  tracking: (token: string) => ["public", "tracking", token] as const,
  bolLink: (token: string) => ["public", "bol-link", token] as const,
};

/**
 * The delivery status of `number` (empty: nothing asked yet), with the second factor `check` when
 * given (the full view if it is the load's). Errors are the caller's to show.
 */
export function useTrackLoad(number: string, check: string) {
  return useQuery({
    queryKey: publicKeys.track(number, check),
    queryFn: ({ signal }) =>
      api.get("/api/public/track/{loadNumber}", { path: { loadNumber: number }, query: { check }, signal }),
    enabled: number.length > 0,
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

/** A private tracking link's view of its load. */
export function useTracking(token: string) {
  return useQuery({
    queryKey: publicKeys.tracking(token),
    queryFn: ({ signal }) => api.get("/api/public/tracking/{token}", { path: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useBolLink(token: string) {
  return useQuery({
    queryKey: publicKeys.bolLink(token),
    queryFn: ({ signal }) => api.get("/api/public/bol-upload/{token}", { path: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Seconds the server asked us to wait (429), from the error details. */
export function retryAfterOf(err: unknown): number | null {
  if (!(err instanceof ApiRequestError) || err.status !== 429) return null;
  const seconds = (err.details as { retryAfter?: number } | undefined)?.retryAfter;
  return typeof seconds === "number" ? seconds : 60;
}

/**
 * Uploads through XMLHttpRequest: fetch cannot report upload progress, and a phone on a weak signal
 * needs to see that a 10 MB photo is moving.
 */
export function uploadBol(
  token: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.set("file", file);
  return uploadWithProgress("/api/public/bol-upload/{token}", { path: { token }, form, onProgress, signal });
}
