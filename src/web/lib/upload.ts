import type { ApiError } from "@shared/api/api.schema";
import {
  type ApiOptions,
  type ApiPath,
  ApiRequestError,
  type ApiResponse,
  fillPath,
  type RequestOptions,
  safeJson,
} from "./api";

// Apart from api.ts so that only the screens that upload this way download it.
/**
 * A multipart upload that reports its progress (0–1 as the bytes leave the browser, 1 once all are
 * sent): XMLHttpRequest, because fetch cannot report upload progress. Typed and answered like
 * `api.post`; errors arrive as ApiRequestError, an abort as an AbortError.
 */
export function uploadWithProgress<P extends ApiPath<"post">>(
  path: P,
  options: ApiOptions<P, "post"> & { onProgress: (fraction: number) => void },
): Promise<ApiResponse<P, "post">> {
  const { onProgress, signal } = options;
  const o = options as RequestOptions & { path?: Record<string, string | number> };
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", fillPath(path, o.path));
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.total ? e.loaded / e.total : 1);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      const data = xhr.responseText ? safeJson(xhr.responseText) : null;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as ApiResponse<P, "post">);
      const e = (data as ApiError | null)?.error;
      reject(
        new ApiRequestError(xhr.status, e?.code ?? "HTTP_ERROR", e?.message ?? xhr.statusText, e?.details),
      );
    };
    xhr.onerror = () => reject(new ApiRequestError(0, "NETWORK", "Network error"));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(o.form ?? null);
  });
}
