import {
  CONSENT_METHODS,
  CONSENT_STATUSES,
  type ConsentMethod,
  type ConsentStatus,
} from "@shared/communications/sms";
import { type Consent, consentQuerySchema } from "@shared/communications/sms.schema";
import { FileUp, Plus, ShieldCheck, ShieldOff } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { ListTabs } from "../../../components/list/list-tabs";
import { RowMenu } from "../../../components/list/row-menu";
import { stacked } from "../../../components/list/stacked-table";
import { PageHeader } from "../../../components/page-header";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { Td, Tr } from "../../../components/ui/table";
import { isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useConsents, useImportConsents, useRecordConsent } from "../api/communications";
import { useCommunicationMessages } from "../communications-messages";

const FILTERS = ["status"] as const;
const TONES: Record<ConsentStatus, "success" | "danger" | "neutral"> = {
  opted_in: "success",
  opted_out: "danger",
  unknown: "neutral",
};

/**
 * SMS consent (`/admin/sms-consent`, admin): every phone contact's consent — opted in, opted out or
 * unknown — with how, when and by whom it was recorded; record or revoke, import a CSV. Replies to a
 * blast (STOP, START) are recorded here by the provider's webhook.
 */
export default function SmsConsentPage() {
  const { t } = useTranslation("communications");
  const messages = useCommunicationMessages();
  const list = useListScreen(consentQuerySchema, useConsents, {
    filters: FILTERS,
    fetchFailed: t("consent.fetchFailed"),
  });
  const [editing, setEditing] = useState<Partial<Consent> | null>(null);
  const record = useRecordConsent();
  const importer = useImportConsents();
  const file = useRef<HTMLInputElement>(null);
  const cols = {
    contact: t("consent.columns.contact"),
    phone: t("consent.columns.phone"),
    status: t("consent.columns.status"),
    how: t("consent.columns.how"),
  };
  const quick = (c: Consent, status: "opted_in" | "opted_out") =>
    record.mutate(
      { phone: c.phone, name: c.name, status, method: "verbal", note: "" },
      {
        onSuccess: () => notify({ title: t("consent.saved"), variant: "success" }),
        onError: (error) =>
          notify({ title: t("consent.failed"), description: messages.error(error), variant: "error" }),
      },
    );
  const onImport = (chosen: File | undefined) => {
    if (!chosen) return;
    importer.mutate(chosen, {
      onSuccess: (r) => notify({ title: t("consent.imported", { count: r.imported }), variant: "success" }),
      onError: (error) => {
        const lines = isApiError(error, 400)
          ? ((error.details as { lines?: { line: number; message: string }[] } | undefined)?.lines ?? [])
          : [];
        notify({
          title: t("consent.importFailed"),
          description: lines.length
            ? lines
                .slice(0, 3)
                .map((l) => t("consent.importLine", { line: l.line, message: messages.field(l.message) }))
                .join(" ")
            : messages.error(error),
          variant: "error",
        });
      },
    });
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={t("consent.title")}
        description={t("consent.description")}
        actions={
          <>
            <input
              ref={file}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(e) => {
                onImport(e.target.files?.[0]);
                e.target.value = "";
              }}
              data-testid="consent-import-file"
            />
            <Button variant="outline" onClick={() => file.current?.click()} disabled={importer.isPending}>
              {importer.isPending ? <Spinner /> : <FileUp aria-hidden />}
              {t("consent.import")}
            </Button>
            <Button onClick={() => setEditing({ status: "opted_in" })} data-testid="record-consent">
              <Plus aria-hidden />
              {t("consent.record")}
            </Button>
          </>
        }
      />
      <ListPanel
        list={list}
        tabs={
          <ListTabs
            list={list}
            name="status"
            values={["all", ...CONSENT_STATUSES]}
            fallback="all"
            label={t("consent.show")}
            tabLabel={(s) => (s === "all" ? t("consent.all") : t(`consent.statuses.${s}`))}
          />
        }
        search={{ label: t("consent.searchLabel"), hint: t("consent.searchHint") }}
        errorTitle={t("consent.fetchFailed")}
        empty={emptyCopy(t, "consent.empty")}
        tableLabel={t("consent.title")}
        columns={[
          { label: cols.contact, className: "pl-4" },
          { label: cols.phone },
          { label: cols.status },
          { label: cols.how },
          { label: <span className="sr-only">{t("consent.actions")}</span>, className: "pr-4" },
        ]}
        row={(c) => (
          <Tr className={stacked.row} data-testid="consent-row">
            <Td className={cn(stacked.primary, "pl-4")}>
              <span className="block truncate font-medium text-slate-900">{c.name || "—"}</span>
              <span className="block truncate text-xs text-slate-500">
                {c.detail === "driver" ? t("kinds.driver") : c.detail}
              </span>
            </Td>
            <Td data-label={cols.phone} className={cn(stacked.cell, "text-sm tabular-nums")}>
              {c.phone}
            </Td>
            <Td data-label={cols.status} className={stacked.cell}>
              <Badge tone={TONES[c.status]}>{t(`consent.statuses.${c.status}`)}</Badge>
            </Td>
            <Td data-label={cols.how} className={cn(stacked.cell, "text-sm")}>
              {c.method ? (
                <span className="grid justify-items-end lg:justify-items-start">
                  <span>{t(`consent.methods.${c.method}`)}</span>
                  <span className="text-xs text-slate-500">
                    {t("consent.recorded", { by: c.recordedBy ?? "", at: formatDateTime(c.recordedAt) })}
                  </span>
                </span>
              ) : (
                "—"
              )}
            </Td>
            <Td className={cn(stacked.corner, "pr-4 text-right")}>
              <RowMenu label={t("consent.menu", { name: c.name || c.phone })}>
                {c.status !== "opted_in" ? (
                  <DropdownMenuItem onSelect={() => quick(c, "opted_in")}>
                    <ShieldCheck aria-hidden />
                    {t("consent.optIn")}
                  </DropdownMenuItem>
                ) : null}
                {c.status !== "opted_out" ? (
                  <DropdownMenuItem onSelect={() => quick(c, "opted_out")}>
                    <ShieldOff aria-hidden />
                    {t("consent.optOut")}
                  </DropdownMenuItem>
                ) : null}
                <DropdownMenuItem onSelect={() => setEditing(c)}>
                  <Plus aria-hidden />
                  {t("consent.recordDetails")}
                </DropdownMenuItem>
              </RowMenu>
            </Td>
          </Tr>
        )}
      />
      <ConsentDialog value={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function ConsentDialog({ value, onClose }: { value: Partial<Consent> | null; onClose: () => void }) {
  const { t } = useTranslation(["communications", "common"]);
  const messages = useCommunicationMessages();
  const record = useRecordConsent();
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open={!!value}
      onOpenChange={(o) => !o && !record.isPending && onClose()}
      title={t("consent.record")}
      description={t("consent.recordHelp")}
      closeLabel={t("common:actions.close")}
    >
      {value ? (
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            record.mutate(
              {
                phone: String(data.get("phone") ?? ""),
                name: String(data.get("name") ?? ""),
                status: data.get("status") as "opted_in" | "opted_out",
                method: data.get("method") as ConsentMethod,
                note: String(data.get("note") ?? ""),
              },
              {
                onSuccess: () => {
                  notify({ title: t("consent.saved"), variant: "success" });
                  onClose();
                },
                onError: (err) => {
                  setError(isApiError(err, 400) ? (messages.field(err.fields.phone) ?? null) : null);
                  notify({ title: t("consent.failed"), description: messages.error(err), variant: "error" });
                },
              },
            );
          }}
          data-testid="consent-form"
        >
          <Field label={t("consent.columns.phone")} error={error ?? undefined}>
            <Input name="phone" type="tel" defaultValue={value.phone ?? ""} required autoComplete="off" />
          </Field>
          <Field label={t("consent.name")}>
            <Input name="name" defaultValue={value.name ?? ""} />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t("consent.columns.status")}>
              <Select name="status" defaultValue={value.status === "opted_out" ? "opted_out" : "opted_in"}>
                <option value="opted_in">{t("consent.statuses.opted_in")}</option>
                <option value="opted_out">{t("consent.statuses.opted_out")}</option>
              </Select>
            </Field>
            <Field label={t("consent.columns.how")}>
              <Select name="method" defaultValue={value.method ?? "form"}>
                {CONSENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(`consent.methods.${m}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field label={t("consent.note")}>
            <Textarea name="note" rows={2} defaultValue={value.note ?? ""} />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={record.isPending}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? <Spinner /> : null}
              {t("common:actions.save")}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
