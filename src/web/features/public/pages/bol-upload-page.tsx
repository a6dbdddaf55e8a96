import { LOAD_FILE_MAX_BYTES } from "@shared/loads/loads.schema";
import type { BolUploadResult } from "@shared/public/public.schema";
import { Camera, CircleCheck, FileText, FileUp, Loader2, Upload, X } from "lucide-react";
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { ApiRequestError } from "../../../lib/api";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { retryAfterOf, uploadBol, useBolLink } from "../api/public";
import { LinkProblem } from "../components/link-problem";

const MAX_MB = Math.round(LOAD_FILE_MAX_BYTES / 1024 / 1024);

const looksAllowed = (file: File) =>
  file.type === "" || file.type === "application/pdf" || file.type.startsWith("image/");

/** Public bill-of-lading upload through a per-load link a dispatcher shared. */
export default function BolUploadPage() {
  const { t } = useTranslation("public");
  const { token = "" } = useParams();
  const link = useBolLink(token);

  if (link.isPending) {
    return (
      <div className="grid w-full max-w-lg place-items-center py-16">
        <Spinner label={t("bol.checking")} />
      </div>
    );
  }
  if (link.error) {
    return (
      <LinkProblem
        error={link.error}
        onRetry={() => void link.refetch()}
        words={{
          invalid: [t("bol.invalidTitle"), t("bol.invalidText")],
          rateLimited: (seconds) => [t("bol.rateLimitedTitle"), t("bol.rateLimitedText", { seconds })],
          failed: [t("bol.errorTitle"), t("bol.errorText")],
          retry: t("bol.retry"),
          track: t("bol.trackInstead"),
        }}
        className="max-w-lg"
        testId="bol-invalid"
      />
    );
  }
  return <UploadForm token={token} loadNumber={link.data.loadNumber} expiresAt={link.data.expiresAt} />;
}

type State =
  | { step: "choose" }
  | { step: "uploading"; progress: number }
  | { step: "done"; result: BolUploadResult };

function UploadForm({
  token,
  loadNumber,
  expiresAt,
}: {
  token: string;
  loadNumber: string;
  expiresAt: string;
}) {
  const { t } = useTranslation("public");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [state, setState] = useState<State>({ step: "choose" });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  function pick(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    e.target.value = ""; // choosing the same file again still fires change
    if (!chosen) return;
    setProblem(null);
    if (chosen.size > LOAD_FILE_MAX_BYTES) {
      setProblem(t("bol.tooLarge", { max: MAX_MB }));
      return;
    }
    if (!looksAllowed(chosen)) {
      setProblem(t("bol.wrongType"));
      return;
    }
    setFile(chosen);
  }

  async function send() {
    if (!file) return;
    setProblem(null);
    setState({ step: "uploading", progress: 0 });
    abort.current = new AbortController();
    try {
      const result = await uploadBol(
        token,
        file,
        (progress) => setState({ step: "uploading", progress }),
        abort.current.signal,
      );
      setState({ step: "done", result });
      setFile(null);
      notify({ title: t("bol.successTitle"), description: t("bol.successText"), variant: "success" });
    } catch (err) {
      if ((err as Error).name === "AbortError") return;
      setState({ step: "choose" });
      const message = uploadProblem(err);
      setProblem(message);
      notify({ title: t("bol.failedTitle"), description: message, variant: "error" });
    }
  }

  function uploadProblem(err: unknown): string {
    if (!(err instanceof ApiRequestError)) return t("bol.errorText");
    if (err.status === 0) return t("bol.network");
    if (err.status === 404) return t("bol.invalidText");
    if (err.status === 413) return t("bol.tooLarge", { max: MAX_MB });
    if (err.status === 415) return t("bol.wrongType");
    if (err.status === 429) return t("bol.rateLimitedText", { seconds: retryAfterOf(err) ?? 60 });
    return t("bol.errorText");
  }

  return (
    <section
      aria-labelledby="bol-title"
      className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("bol.eyebrow")}</p>
      <h1 id="bol-title" className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">
        {t("bol.title")}{" "}
        <span className="font-mono" data-testid="bol-load-number">
          {loadNumber}
        </span>
      </h1>
      <p className="mt-1 text-sm text-slate-500">{t("bol.subtitle")}</p>

      {state.step === "done" ? (
        <div className="mt-6 grid gap-4" data-testid="bol-success">
          <div
            role="status"
            className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4"
          >
            <CircleCheck className="mt-0.5 size-6 shrink-0 text-emerald-600" aria-hidden />
            <div className="min-w-0">
              <p className="font-semibold text-emerald-900">{t("bol.successTitle")}</p>
              <p className="text-sm text-emerald-800">{t("bol.successText")}</p>
              <p className="mt-1 truncate text-xs text-emerald-800/80">
                {state.result.fileName} · {formatDateTime(state.result.uploadedAt)}
              </p>
            </div>
          </div>
          <Button variant="outline" size="lg" onClick={() => setState({ step: "choose" })}>
            <FileUp aria-hidden />
            {t("bol.another")}
          </Button>
        </div>
      ) : (
        <div className="mt-6 grid gap-4">
          {file ? (
            <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-white text-brand-700 shadow-sm">
                <FileText className="size-5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900" data-testid="bol-file-name">
                  {file.name}
                </p>
                <p className="text-xs text-slate-500">
                  {t("bol.size", { size: formatNumber(file.size / 1024) })}
                </p>
              </div>
              {state.step === "choose" ? (
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => setFile(null)}
                  aria-label={t("bol.remove")}
                >
                  <X aria-hidden />
                </Button>
              ) : null}
            </div>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <PickButton
                icon={<Camera className="size-6" aria-hidden />}
                label={t("bol.takePhoto")}
                hint={t("bol.takePhotoHint")}
                accept="image/*"
                capture="environment"
                onChange={pick}
                testId="bol-camera-input"
              />
              <PickButton
                icon={<FileUp className="size-6" aria-hidden />}
                label={t("bol.chooseFile")}
                hint={t("bol.chooseFileHint", { max: MAX_MB })}
                accept="application/pdf,image/*"
                onChange={pick}
                testId="bol-file-input"
              />
            </div>
          )}

          {state.step === "uploading" ? (
            <div className="grid gap-1.5" data-testid="bol-progress">
              <div className="flex justify-between text-xs text-slate-600">
                <span>{t("bol.uploading")}</span>
                <span>{Math.round(state.progress * 100)}%</span>
              </div>
              <div
                role="progressbar"
                aria-label={t("bol.uploading")}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(state.progress * 100)}
                className="h-2 overflow-hidden rounded-full bg-slate-100"
              >
                <div
                  className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
                  style={{ width: `${Math.max(2, state.progress * 100)}%` }}
                />
              </div>
            </div>
          ) : null}

          {problem ? <Alert tone="danger">{problem}</Alert> : null}

          <Button size="lg" className="w-full" disabled={!file || state.step === "uploading"} onClick={send}>
            {state.step === "uploading" ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <Upload aria-hidden />
            )}
            {state.step === "uploading" ? t("bol.uploading") : t("bol.submit")}
          </Button>
        </div>
      )}

      <p className="mt-6 border-t border-slate-100 pt-4 text-xs text-slate-500">
        {t("bol.expires", { date: formatDateTime(expiresAt) })}
      </p>
    </section>
  );
}

function PickButton({
  icon,
  label,
  hint,
  accept,
  capture,
  onChange,
  testId,
}: {
  icon: ReactNode;
  label: string;
  hint: string;
  accept: string;
  capture?: "environment";
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  testId: string;
}) {
  return (
    <label className="group relative flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 py-6 text-center transition-colors hover:border-brand-500 hover:bg-brand-50 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500">
      <span className="text-brand-700">{icon}</span>
      <span className="text-sm font-semibold text-slate-900">{label}</span>
      <span className="text-xs text-slate-500">{hint}</span>
      <input
        type="file"
        accept={accept}
        capture={capture}
        onChange={onChange}
        className="sr-only"
        data-testid={testId}
      />
    </label>
  );
}
