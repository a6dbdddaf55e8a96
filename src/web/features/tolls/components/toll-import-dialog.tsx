import {
  TOLL_IMPORT_ACCEPT,
  TOLL_ROW_STATUSES,
  type TollImportPreview,
  type TollRowStatus,
} from "@shared/tolls/tolls.schema";
import { ArrowLeft, FileSpreadsheet, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Label } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { deviceTimeZone } from "../../../lib/datetime";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useImportStatement, usePreviewStatement } from "../api/tolls";
import { useTollMessages } from "../toll-messages";

const TONES: Record<TollRowStatus, "success" | "warning" | "neutral" | "danger"> = {
  matched: "success",
  unmatched: "warning",
  duplicate: "neutral",
  invalid: "danger",
};

/**
 * A transponder statement in two steps: read and preview (matched, unmatched, duplicate and invalid
 * rows; nothing saved), then import — the whole file or nothing.
 */
export function TollImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("tolls");
  const messages = useTollMessages();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TollImportPreview | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [shown, setShown] = useState<TollRowStatus | "all">("all");
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const timeZone = deviceTimeZone();
  const read = usePreviewStatement();
  const commit = useImportStatement();
  const busy = read.isPending || commit.isPending;

  const close = (next: boolean) => {
    if (busy) return;
    onOpenChange(next);
    if (!next) {
      setFile(null);
      setPreview(null);
      setFileError(undefined);
      setShown("all");
      read.reset();
      commit.reset();
    }
  };

  const runPreview = () => {
    if (!file) {
      setFileError(t("import.chooseFirst"));
      notify({
        title: t("common:errors.missingInformation"),
        description: t("import.chooseFirst"),
        variant: "error",
      });
      return;
    }
    read.mutate(
      { file, timeZone },
      {
        onSuccess: (result) => {
          setPreview(result);
          setShown("all");
        },
        onError: (error) => {
          const message = messages.error(error);
          setFileError(message);
          notify({ title: t("import.previewFailed"), description: message, variant: "error" });
        },
      },
    );
  };

  const runImport = () => {
    if (!file) return;
    commit.mutate(
      { file, timeZone },
      {
        onSuccess: (result) => {
          notify({
            title: t("import.done"),
            description: t("import.doneText", {
              imported: formatNumber(result.imported),
              matched: formatNumber(result.matched),
              unmatched: formatNumber(result.unmatched),
              duplicates: formatNumber(result.duplicates),
            }),
            variant: "success",
          });
          close(false);
        },
        onError: (error) =>
          notify({ title: t("import.failed"), description: messages.error(error), variant: "error" }),
      },
    );
  };

  const newRows = preview ? preview.counts.matched + preview.counts.unmatched : 0;
  const rows = preview ? preview.rows.filter((r) => shown === "all" || r.status === shown) : [];

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("import.title")}
      description={t("import.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-4xl"
    >
      {!preview ? (
        <div className="grid gap-4" data-testid="toll-import-step-file">
          <div className="grid gap-1.5">
            <Label htmlFor={inputId}>{t("import.file")}</Label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={TOLL_IMPORT_ACCEPT}
              className="sr-only"
              data-testid="toll-import-file"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${inputId}-note`}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError(undefined);
              }}
            />
            <Button
              variant="outline"
              className={cn("h-14 justify-start border-dashed", fileError && "border-red-500")}
              onClick={() => input.current?.click()}
            >
              <FileSpreadsheet aria-hidden />
              <span className="truncate">{file ? file.name : t("import.choose")}</span>
              {file ? <span className="ml-auto text-xs text-slate-500">{t("import.change")}</span> : null}
            </Button>
            {fileError ? (
              <p id={`${inputId}-note`} role="alert" className="text-sm text-red-600">
                {fileError}
              </p>
            ) : (
              <p id={`${inputId}-note`} className="text-xs text-slate-500">
                {t("import.fileHint", { zone: timeZone })}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => close(false)} disabled={busy}>
              {t("common:actions.cancel")}
            </Button>
            <Button onClick={runPreview} disabled={busy} data-testid="toll-import-preview">
              {read.isPending ? <Spinner className="text-current" /> : <Upload aria-hidden />}
              {read.isPending ? t("import.previewing") : t("import.preview")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid min-w-0 gap-4" data-testid="toll-import-step-preview">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t("import.status")}</legend>
            {TOLL_ROW_STATUSES.map((status) => (
              <button
                key={status}
                type="button"
                aria-pressed={shown === status}
                onClick={() => setShown(shown === status ? "all" : status)}
                className={cn(
                  "rounded-md border px-3 py-1.5 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                  shown === status ? "border-brand-700 bg-brand-50" : "border-slate-200 hover:bg-slate-50",
                )}
                title={t(`import.statusHelp.${status}`)}
                data-testid={`toll-import-count-${status}`}
              >
                <span className="block text-xs text-slate-500">{t(`import.counts.${status}`)}</span>
                <span className="block text-lg font-semibold tabular-nums">
                  {formatNumber(preview.counts[status])}
                </span>
              </button>
            ))}
          </fieldset>
          {preview.counts.invalid > 0 ? (
            <Alert tone="danger">{t("import.invalidNote", { count: preview.counts.invalid })}</Alert>
          ) : null}
          <div className="max-h-[45vh] overflow-auto rounded-md border border-slate-200">
            <Table aria-label={t("import.rows", { file: preview.fileName })}>
              <THead>
                <tr>
                  <Th className="pl-3">{t("import.line")}</Th>
                  <Th>{t("import.status")}</Th>
                  <Th>{t("fields.occurredAt")}</Th>
                  <Th>{t("fields.location")}</Th>
                  <Th>{t("fields.transponder")}</Th>
                  <Th>{t("import.placedOn")}</Th>
                  <Th className="pr-3 text-right">{t("fields.amount")}</Th>
                </tr>
              </THead>
              <TBody>
                {rows.map((row) => (
                  <Tr key={row.line} data-testid={`toll-import-row-${row.line}`}>
                    <Td className="pl-3 tabular-nums text-slate-500">{row.line}</Td>
                    <Td>
                      <Badge tone={TONES[row.status]}>{t(`import.rowStatus.${row.status}`)}</Badge>
                    </Td>
                    <Td className="whitespace-nowrap">
                      {row.occurredAt ? formatDateTime(row.occurredAt) : "—"}
                    </Td>
                    <Td>
                      <span className="block max-w-56 truncate">{row.location || "—"}</span>
                      {row.errors.length ? (
                        <span
                          className={cn(
                            "block text-xs",
                            row.status === "invalid" ? "text-red-700" : "text-slate-500",
                          )}
                        >
                          {row.errors.join(" ")}
                        </span>
                      ) : null}
                    </Td>
                    <Td className="font-mono text-xs">{row.transponder || "—"}</Td>
                    <Td className="whitespace-nowrap">
                      {row.vehicleLabel ? (
                        <span className="grid">
                          <span className="font-medium">{row.vehicleLabel}</span>
                          {row.driverName ? (
                            <span className="text-xs text-slate-500">{row.driverName}</span>
                          ) : null}
                        </span>
                      ) : (
                        "—"
                      )}
                    </Td>
                    <Td className="pr-3 text-right tabular-nums">
                      {row.amount ? formatMoney(row.amount) : "—"}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button
              variant="ghost"
              onClick={() => {
                setPreview(null);
                setFile(null);
                if (input.current) input.current.value = "";
              }}
              disabled={busy}
            >
              <ArrowLeft aria-hidden />
              {t("import.back")}
            </Button>
            <Button
              onClick={runImport}
              disabled={busy || !preview.canImport}
              data-testid="toll-import-commit"
            >
              {commit.isPending ? <Spinner className="text-current" /> : null}
              {newRows > 0 ? t("import.commit", { count: newRows }) : t("import.nothingNew")}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
