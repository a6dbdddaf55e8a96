import {
  DATA_MESSAGES,
  type DataExport,
  type DataSettings,
  dataSettingsInputSchema,
} from "@shared/data-management/data-management.schema";
import { ArchiveRestore, Building2, DatabaseBackup, Download, FileArchive, Save } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useMessageMap } from "../../../lib/use-message-map";
import {
  useBackupNow,
  useBackups,
  useDataExports,
  useDataSettings,
  useSaveDataSettings,
  useStartExport,
} from "../api/data-management";
import { DemoRemoval } from "../components/demo-removal";

const KNOWN = Object.fromEntries(Object.entries(DATA_MESSAGES).map(([k, m]) => [m, `errors.${k}`]));

function useBytes() {
  const { i18n } = useTranslation();
  return (bytes: number) => {
    const mb = bytes / (1024 * 1024);
    return mb >= 1
      ? new Intl.NumberFormat(i18n.language, {
          style: "unit",
          unit: "megabyte",
          maximumFractionDigits: 1,
        }).format(mb)
      : new Intl.NumberFormat(i18n.language, {
          style: "unit",
          unit: "kilobyte",
          maximumFractionDigits: 0,
        }).format(Math.max(1, bytes / 1024));
  };
}

function Section({
  icon,
  title,
  text,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card className="grid gap-4 p-4 sm:p-6" data-testid={testId}>
      <div className="flex gap-3">
        <span className="mt-0.5 text-brand-700">{icon}</span>
        <div className="grid gap-1">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">{text}</p>
        </div>
      </div>
      {children}
    </Card>
  );
}

function ExportProgress({ item }: { item: DataExport }) {
  const { t } = useTranslation("data-management");
  const percent = item.total ? Math.floor((item.done / item.total) * 100) : 0;
  return (
    <div className="grid gap-1.5" data-testid="export-progress">
      <div className="flex justify-between text-xs text-slate-600">
        <span>{t("export.running")}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={t("export.running")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/** One archive in a list: its name, when and by whom, its size and a download (or "failed"). */
function ArchiveRow(props: {
  name: string;
  when: string;
  bytes: number | null;
  href: string;
  testId?: string;
}) {
  const { t } = useTranslation("data-management");
  const bytes = useBytes();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2">
      <span className="min-w-0 basis-full truncate font-medium text-slate-900 sm:flex-1 sm:basis-0">
        {props.name}
      </span>
      <span className="text-slate-500">{props.when}</span>
      {props.bytes === null ? (
        <span className="text-red-700">{t("export.failedItem")}</span>
      ) : (
        <>
          <span className="tabular-nums text-slate-500">{bytes(props.bytes)}</span>
          <a
            className="inline-flex min-h-11 items-center gap-1.5 font-medium text-brand-700 hover:underline"
            href={props.href}
            download={props.name}
            data-testid={props.testId}
          >
            <Download aria-hidden className="size-4" />
            {t("download")}
          </a>
        </>
      )}
    </li>
  );
}

/**
 * Data management (`/admin/data-management`, admin): export every table and file as one archive with
 * its progress, the nightly backups (list, download, back up now, how many are kept), and how long
 * notifications, audit entries and the communication log are kept. Restoring is a command on a new
 * installation (README).
 */
export default function DataManagementPage() {
  const { t } = useTranslation("data-management");
  const messages = useMessageMap("data-management", KNOWN);
  const exports = useDataExports();
  const start = useStartExport();
  const backups = useBackups();
  const backupNow = useBackupNow();
  const running = exports.data?.items.find((e) => e.status === "running");
  const failed = (error: unknown) =>
    notify({ title: t("failed"), description: messages.error(error), variant: "error" });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t("title")} description={t("description")} />

      <Section
        icon={<FileArchive aria-hidden />}
        title={t("export.title")}
        text={t("export.text")}
        testId="data-export"
      >
        <div>
          <Button
            disabled={!!running || start.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: () => notify({ title: t("export.started"), variant: "success" }),
                onError: failed,
              })
            }
            data-testid="start-export"
          >
            {start.isPending ? <Spinner /> : <FileArchive aria-hidden />}
            {t("export.action")}
          </Button>
        </div>
        {running ? <ExportProgress item={running} /> : null}
        {exports.isPending ? <Spinner label={t("export.title")} /> : null}
        {exports.isError ? <Alert tone="danger">{messages.error(exports.error)}</Alert> : null}
        {exports.data && exports.data.items.filter((e) => e.status !== "running").length > 0 ? (
          <ul className="grid divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
            {exports.data.items
              .filter((e) => e.status !== "running")
              .slice(0, 5)
              .map((e) => (
                <ArchiveRow
                  key={e.id}
                  name={e.fileName}
                  when={`${formatDateTime(e.createdAt)} · ${e.createdByName ?? "—"}`}
                  bytes={e.status === "done" ? e.bytes : null}
                  href={`/api/data/exports/${e.id}/download`}
                  testId="export-download"
                />
              ))}
          </ul>
        ) : exports.data && !running ? (
          <p className="text-sm text-slate-500">{t("export.none")}</p>
        ) : null}
      </Section>

      <Section
        icon={<DatabaseBackup aria-hidden />}
        title={t("backups.title")}
        text={t("backups.text")}
        testId="data-backups"
      >
        <div>
          <Button
            variant="secondary"
            disabled={backupNow.isPending}
            onClick={() =>
              backupNow.mutate(undefined, {
                onSuccess: (b) => notify({ title: t("backups.done", { name: b.name }), variant: "success" }),
                onError: failed,
              })
            }
            data-testid="backup-now"
          >
            {backupNow.isPending ? <Spinner /> : <DatabaseBackup aria-hidden />}
            {t("backups.now")}
          </Button>
        </div>
        {backups.isPending ? <Spinner label={t("backups.title")} /> : null}
        {backups.isError ? <Alert tone="danger">{messages.error(backups.error)}</Alert> : null}
        {backups.data ? (
          backups.data.items.length === 0 ? (
            <p className="text-sm text-slate-500">{t("backups.none")}</p>
          ) : (
            <ul
              className="grid divide-y divide-slate-100 rounded-md border border-slate-200 text-sm"
              data-testid="backup-list"
            >
              {backups.data.items.map((b) => (
                <ArchiveRow
                  key={b.name}
                  name={b.name}
                  when={formatDateTime(b.createdAt)}
                  bytes={b.bytes}
                  href={`/api/data/backups/${encodeURIComponent(b.name)}`}
                />
              ))}
            </ul>
          )
        ) : null}
        {backups.data ? (
          <p className="text-xs text-slate-500">{t("backups.where", { dir: backups.data.directory })}</p>
        ) : null}
      </Section>

      <RetentionForm />

      <Section
        icon={<Building2 aria-hidden />}
        title={t("demo.title")}
        text={t("demo.text")}
        testId="data-demo"
      >
        <DemoRemoval />
      </Section>

      <Section
        icon={<ArchiveRestore aria-hidden />}
        title={t("restore.title")}
        text={t("restore.text")}
        testId="data-restore"
      >
        <pre className="overflow-x-auto rounded-md bg-slate-900 px-3 py-2 text-xs text-slate-100">
          DATA_DIR=/srv/lms-new npm run data:restore -- --file lms-export-….tar.gz
        </pre>
      </Section>
    </div>
  );
}

type Draft = Record<"notificationDays" | "auditDays" | "communicationDays" | "backupsKept", string> & {
  backupsEnabled: boolean;
};
const toDraft = (s: DataSettings): Draft => ({
  notificationDays: s.notificationDays?.toString() ?? "",
  auditDays: s.auditDays?.toString() ?? "",
  communicationDays: s.communicationDays?.toString() ?? "",
  backupsKept: String(s.backupsKept),
  backupsEnabled: s.backupsEnabled,
});
const number = (v: string) => (v.trim() === "" ? null : Number(v));

/** How long records are kept and how many backups: checked with the shared schema, then saved. */
function RetentionForm() {
  const { t } = useTranslation("data-management");
  const messages = useMessageMap("data-management", KNOWN);
  const settings = useDataSettings();
  const save = useSaveDataSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data) setDraft(toDraft(settings.data));
  }, [settings.data]);
  if (settings.isPending || !draft) return <Spinner label={t("retention.title")} />;
  if (settings.isError) return <Alert tone="danger">{messages.error(settings.error)}</Alert>;

  function submit() {
    if (!draft) return;
    const input = {
      notificationDays: number(draft.notificationDays),
      auditDays: number(draft.auditDays),
      communicationDays: number(draft.communicationDays),
      backupsEnabled: draft.backupsEnabled,
      backupsKept: Number(draft.backupsKept),
    };
    const parsed = dataSettingsInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify({ title: t("retention.saved"), variant: "success" }),
      onError: (error) =>
        notify({ title: t("failed"), description: messages.error(error), variant: "error" }),
    });
  }
  const days = (key: "notificationDays" | "auditDays" | "communicationDays") => (
    <Field label={t(`retention.${key}`)} hint={t("retention.keepAll")} error={messages.field(errors[key])}>
      <Input
        inputMode="numeric"
        value={draft[key]}
        placeholder="∞"
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        data-testid={`retention-${key}`}
      />
    </Field>
  );
  return (
    <Section
      icon={<Save aria-hidden />}
      title={t("retention.title")}
      text={t("retention.text")}
      testId="data-retention"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        {days("notificationDays")}
        {days("auditDays")}
        {days("communicationDays")}
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={draft.backupsEnabled}
            onChange={(e) => setDraft({ ...draft, backupsEnabled: e.target.checked })}
          />
          {t("retention.backupsEnabled")}
        </label>
        <Field
          label={t("retention.backupsKept")}
          error={messages.field(errors.backupsKept)}
          className={cn("w-40")}
        >
          <Input
            inputMode="numeric"
            value={draft.backupsKept}
            onChange={(e) => setDraft({ ...draft, backupsKept: e.target.value })}
          />
        </Field>
      </div>
      {settings.data.updatedByName && settings.data.updatedAt ? (
        <p className="text-xs text-slate-500">
          {t("retention.updated", {
            name: settings.data.updatedByName,
            when: formatDateTime(settings.data.updatedAt),
          })}
        </p>
      ) : null}
      <div>
        <Button onClick={submit} disabled={save.isPending} data-testid="save-retention">
          {save.isPending ? <Spinner /> : <Save aria-hidden />}
          {t("retention.save")}
        </Button>
      </div>
    </Section>
  );
}
