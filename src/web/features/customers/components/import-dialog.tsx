import {
  CUSTOMER_IMPORT_MAX_BYTES,
  type CustomerImportPreview,
  type CustomerImportPreviewRow,
  type CustomerImportResult,
  type ImportRowStatus,
} from "@shared/customers/customers.schema";
import { CheckCircle2, FileSpreadsheet, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { ApiRequestError } from "../../../lib/api";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";
import { sheetLimitOf } from "../../../lib/sheet-limits";
import { notify } from "../../../lib/toast";
import { previewImport, useCommitImport } from "../api/customers";
import { useCustomerFieldMessage } from "./use-customer-field-message";

type Step =
  | { kind: "choose" }
  | { kind: "uploading"; fraction: number }
  | { kind: "preview"; preview: CustomerImportPreview }
  | { kind: "importing"; preview: CustomerImportPreview }
  | { kind: "done"; result: CustomerImportResult };

const STATUS_TONE: Record<ImportRowStatus, "success" | "danger" | "warning" | "neutral"> = {
  ready: "success",
  invalid: "danger",
  duplicate_in_file: "warning",
  exists: "neutral",
};

/** How many preview rows are drawn; the counts always cover the whole file. */
const PREVIEW_ROWS = 200;

/**
 * Import customers from CSV or Excel in two steps: upload (with progress) and a preview of every
 * row, then the import of the rows that are ready — all of them or, on any failure, none.
 */
export function ImportCustomersDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation("customers");
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [problemsOnly, setProblemsOnly] = useState(false);
  const commit = useCommitImport();

  const reset = () => {
    abort.current?.abort();
    setFile(null);
    setStep({ kind: "choose" });
    setProblemsOnly(false);
    commit.reset();
    if (inputRef.current) inputRef.current.value = "";
  };
  const busy = step.kind === "uploading" || step.kind === "importing";
  const close = (next: boolean) => {
    if (busy && !next && step.kind === "importing") return;
    onOpenChange(next);
    if (!next) reset();
  };

  /** "No valid customer data found" and, when the header row lacks them, which columns to add. */
  const missingColumnsText = (error: unknown) => {
    const missing =
      (error instanceof ApiRequestError &&
        (error.details as { missingColumns?: string[] } | undefined)?.missingColumns) ||
      [];
    if (!missing.length) return t("import.noValidData");
    const columns = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(
      missing.map((f) => `${t(`fields.${f}`, { defaultValue: f })} (${f})`),
    );
    return t("import.missingColumns", { columns });
  };

  const failed = (error: unknown) => {
    const code = error instanceof ApiRequestError ? error.code : "";
    const limit = sheetLimitOf(error);
    const description =
      code === "PARSE_FAILED"
        ? t("import.parseFailed")
        : limit
          ? t(`import.limits.${limit.code}`, { max: formatNumber(limit.max) })
          : code === "NO_VALID_DATA"
            ? missingColumnsText(error)
            : code === "IMPORT_FAILED"
              ? t("import.failedText")
              : code === "VALIDATION_FAILED"
                ? t("import.noFile")
                : describeError(error, t);
    notify({ title: t("import.failedTitle"), description, variant: "error" });
  };

  const upload = async () => {
    if (!file) {
      notify({
        title: t("common:errors.missingInformation"),
        description: t("import.noFile"),
        variant: "error",
      });
      return;
    }
    if (file.size > CUSTOMER_IMPORT_MAX_BYTES) {
      notify({
        title: t("import.failedTitle"),
        description: t("import.tooLarge", { mb: Math.round(CUSTOMER_IMPORT_MAX_BYTES / 1024 / 1024) }),
        variant: "error",
      });
      return;
    }
    abort.current = new AbortController();
    setStep({ kind: "uploading", fraction: 0 });
    try {
      const preview = await previewImport(
        file,
        (fraction) => setStep({ kind: "uploading", fraction }),
        abort.current.signal,
      );
      setStep({ kind: "preview", preview });
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setStep({ kind: "choose" });
      failed(error);
    }
  };

  const runImport = async (preview: CustomerImportPreview) => {
    const rows = preview.rows.filter((r) => r.status === "ready").map((r) => ({ row: r.row, ...r.values }));
    setStep({ kind: "importing", preview });
    try {
      const result = await commit.mutateAsync({ rows });
      setStep({ kind: "done", result });
      notify({
        title: t("import.doneTitle"),
        description: t("import.doneText", {
          imported: formatNumber(result.imported),
          skipped: formatNumber(result.skipped.length),
        }),
        variant: "success",
      });
    } catch (error) {
      setStep({ kind: "preview", preview });
      failed(error);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("import.title")}
      description={t("import.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-4xl"
    >
      <div className="grid gap-4" data-testid="import-dialog">
        <ol
          className="flex flex-wrap gap-2 text-xs font-medium text-slate-500"
          aria-label={t("import.stepsLabel")}
        >
          {(["upload", "preview", "import"] as const).map((s, i) => {
            const current =
              (s === "upload" && (step.kind === "choose" || step.kind === "uploading")) ||
              (s === "preview" && step.kind === "preview") ||
              (s === "import" && (step.kind === "importing" || step.kind === "done"));
            return (
              <li
                key={s}
                aria-current={current ? "step" : undefined}
                className={cn(
                  "rounded-full px-2.5 py-1",
                  current ? "bg-brand-700 text-white" : "bg-slate-100",
                )}
              >
                {i + 1}. {t(`import.steps.${s}`)}
              </li>
            );
          })}
        </ol>

        {step.kind === "choose" || step.kind === "uploading" ? (
          <>
            <label
              htmlFor={inputId}
              className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-4 py-8 text-center hover:border-brand-500 hover:bg-brand-50/40"
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const dropped = e.dataTransfer.files[0];
                if (dropped) setFile(dropped);
              }}
            >
              <FileSpreadsheet className="size-8 text-slate-500" aria-hidden />
              <span className="font-medium text-slate-800">{file ? file.name : t("import.choose")}</span>
              <span className="text-xs text-slate-500">
                {file
                  ? t("import.fileSize", { kb: formatNumber(Math.ceil(file.size / 1024)) })
                  : t("import.formats")}
              </span>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                className="sr-only"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                data-testid="import-file"
              />
            </label>
            <p className="text-xs text-slate-500">{t("import.columnsHint")}</p>
            {step.kind === "uploading" ? (
              <Progress
                label={step.fraction < 1 ? t("import.uploading") : t("import.checking")}
                fraction={step.fraction < 1 ? step.fraction : null}
              />
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => close(false)}>
                {t("common:actions.cancel")}
              </Button>
              <Button
                onClick={() => void upload()}
                disabled={step.kind === "uploading"}
                data-testid="import-upload"
              >
                {step.kind === "uploading" ? <Spinner className="text-current" /> : <Upload aria-hidden />}
                {t("import.uploadAndPreview")}
              </Button>
            </div>
          </>
        ) : null}

        {step.kind === "preview" || step.kind === "importing" ? (
          <PreviewStep
            preview={step.preview}
            importing={step.kind === "importing"}
            problemsOnly={problemsOnly}
            onProblemsOnly={setProblemsOnly}
            onBack={reset}
            onImport={() => void runImport(step.preview)}
          />
        ) : null}

        {step.kind === "done" ? (
          <div className="grid gap-4" data-testid="import-result">
            <div className="flex items-start gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-4">
              <CheckCircle2 className="mt-0.5 size-5 text-emerald-600" aria-hidden />
              <div className="grid gap-1 text-sm text-emerald-900">
                <p className="font-medium">
                  {t("import.importedCount", { value: formatNumber(step.result.imported) })}
                </p>
                {step.result.skipped.length ? (
                  <p>{t("import.skippedCount", { value: formatNumber(step.result.skipped.length) })}</p>
                ) : null}
              </div>
            </div>
            {step.result.skipped.length ? (
              <ul className="max-h-48 overflow-y-auto rounded-md border border-slate-200 text-sm">
                {step.result.skipped.map((s) => (
                  <li
                    key={`${s.row}-${s.email}`}
                    className="flex justify-between gap-3 border-b border-slate-100 px-3 py-2 last:border-0"
                  >
                    <span>
                      {t("import.rowN", { n: s.row })} · {s.email}
                    </span>
                    <span className="text-slate-500">{t(`import.status.${s.reason}`)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={reset}>
                {t("import.another")}
              </Button>
              <Button onClick={() => close(false)} data-testid="import-close">
                {t("common:actions.close")}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

function Progress({ label, fraction }: { label: string; fraction: number | null }) {
  const percent = fraction === null ? null : Math.round(fraction * 100);
  return (
    <div className="grid gap-1.5" data-testid="import-progress">
      <div className="flex justify-between text-xs text-slate-600">
        <span>{label}</span>
        {percent !== null ? <span className="tabular-nums">{percent}%</span> : null}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn(
            "h-full rounded-full bg-brand-600 transition-[width]",
            percent === null && "w-1/3 animate-pulse",
          )}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function PreviewStep({
  preview,
  importing,
  problemsOnly,
  onProblemsOnly,
  onBack,
  onImport,
}: {
  preview: CustomerImportPreview;
  importing: boolean;
  problemsOnly: boolean;
  onProblemsOnly: (v: boolean) => void;
  onBack: () => void;
  onImport: () => void;
}) {
  const { t } = useTranslation("customers");
  const rows = (problemsOnly ? preview.rows.filter((r) => r.status !== "ready") : preview.rows).slice(
    0,
    PREVIEW_ROWS,
  );
  const shown = problemsOnly ? preview.rows.filter((r) => r.status !== "ready").length : preview.totalRows;
  return (
    <div className="grid gap-4" data-testid="import-preview">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-800">{preview.fileName}</span>
        <Badge tone="success" data-testid="preview-ready">
          {t("import.counts.ready", { value: formatNumber(preview.ready) })}
        </Badge>
        <Badge tone="danger" data-testid="preview-invalid">
          {t("import.counts.invalid", { value: formatNumber(preview.invalid) })}
        </Badge>
        <Badge tone="warning" data-testid="preview-duplicates">
          {t("import.counts.duplicates", { value: formatNumber(preview.duplicates) })}
        </Badge>
      </div>
      {preview.invalid || preview.duplicates ? <Alert tone="warning">{t("import.skipNotice")}</Alert> : null}
      {preview.columns.ignored.length ? (
        <p className="text-xs text-slate-500">
          {t("import.ignoredColumns", { columns: preview.columns.ignored.join(", ") })}
        </p>
      ) : null}
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={problemsOnly} onChange={(e) => onProblemsOnly(e.target.checked)} />
        {t("import.problemsOnly")}
      </label>
      <div className="max-h-80 overflow-y-auto rounded-md border border-slate-200">
        <Table aria-label={t("import.previewLabel")}>
          <THead className="sticky top-0">
            <tr>
              <Th>{t("import.row")}</Th>
              <Th>{t("import.statusColumn")}</Th>
              <Th>{t("fields.companyName")}</Th>
              <Th>{t("fields.name")}</Th>
              <Th>{t("fields.email")}</Th>
              <Th>{t("import.problems")}</Th>
            </tr>
          </THead>
          <TBody>
            {rows.map((r) => (
              <PreviewRow key={r.row} row={r} />
            ))}
          </TBody>
        </Table>
      </div>
      {shown > rows.length ? (
        <p className="text-xs text-slate-500">
          {t("import.moreRows", { shown: formatNumber(rows.length), total: formatNumber(shown) })}
        </p>
      ) : null}
      {importing ? (
        <Progress label={t("import.importing", { value: formatNumber(preview.ready) })} fraction={null} />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={importing}>
          {t("import.chooseAnother")}
        </Button>
        <Button onClick={onImport} disabled={importing || preview.ready === 0} data-testid="import-commit">
          {importing ? <Spinner className="text-current" /> : <Upload aria-hidden />}
          {preview.ready === 0
            ? t("import.nothingToImport")
            : t("import.importN", { value: formatNumber(preview.ready) })}
        </Button>
      </div>
    </div>
  );
}

function PreviewRow({ row }: { row: CustomerImportPreviewRow }) {
  const { t } = useTranslation("customers");
  const message = useCustomerFieldMessage();
  // "Customer name is required." already names its field: no "Customer name: " in front of it.
  const problems = Object.entries(row.errors)
    .map(([field, text]) => {
      const label = t(`fields.${field}`, { defaultValue: field });
      const said = message(text) ?? text;
      return said.toLowerCase().includes(label.toLowerCase()) ? said : `${label}: ${said}`;
    })
    .join(" · ");
  return (
    <Tr data-testid={`preview-row-${row.row}`} data-status={row.status}>
      <Td className="tabular-nums text-slate-500">{row.row}</Td>
      <Td>
        <Badge tone={STATUS_TONE[row.status]}>{t(`import.status.${row.status}`)}</Badge>
      </Td>
      <Td className="max-w-48 truncate">{row.values.companyName || "—"}</Td>
      <Td className="max-w-40 truncate">{row.values.name || "—"}</Td>
      <Td className="max-w-52 truncate">{row.values.email || "—"}</Td>
      <Td className="text-xs text-red-700">{problems}</Td>
    </Tr>
  );
}
