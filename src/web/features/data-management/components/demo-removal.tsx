import type { DemoRemoval as Preview } from "@shared/data-management/data-management.schema";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useDemoPreview, useRemoveDemo } from "../api/data-management";

/** The tables named one by one in the confirmation; the rest are summed as "other records". */
const NAMED = [
  "users",
  "drivers",
  "customers",
  "loads",
  "vehicles",
  "trailers",
  "invoices",
  "transactions",
  "settlements",
  "documents",
  "contracts",
  "files",
] as const;

function summary(rows: Preview["tables"]) {
  const named = NAMED.map((table) => ({
    table,
    rows: rows.find((r) => r.table === table)?.rows ?? 0,
  })).filter((r) => r.rows > 0);
  const other = rows
    .filter((r) => !(NAMED as readonly string[]).includes(r.table))
    .reduce((n, r) => n + r.rows, 0);
  return { named, other };
}

/** Admin → Data management → Demo company: a dry run names what goes, then one confirmed removal. */
export function DemoRemoval() {
  const { t } = useTranslation("data-management");
  const [open, setOpen] = useState(false);
  const preview = useDemoPreview(open);
  const remove = useRemoveDemo();
  const data = preview.data;
  const { named, other } = summary(data?.tables ?? []);
  const also = (data?.also ?? []).reduce((n, r) => n + r.rows, 0);

  return (
    <>
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)} data-testid="remove-demo">
          <Trash2 aria-hidden />
          {t("demo.action")}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("demo.confirmTitle")}
        confirmLabel={t("demo.confirm")}
        destructive
        pending={remove.isPending}
        confirmDisabled={!data?.available}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              notify({ title: t("demo.done"), variant: "success" });
            },
            onError: () => notify({ title: t("failed"), variant: "error" }),
          })
        }
      >
        {preview.isPending ? <Spinner label={t("demo.checking")} /> : null}
        {data && !data.available && data.reason ? (
          <Alert tone={data.reason === "blocked" ? "danger" : "info"}>
            {t(`demo.reasons.${data.reason}`)}
            {data.reason === "blocked" ? (
              <ul className="mt-2 list-disc pl-5">
                {data.blocked.map((b) => (
                  <li key={b.table}>{t("demo.blockedBy", { table: b.table, by: b.by })}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        {data?.available ? (
          <div className="grid gap-2 text-sm text-slate-700" data-testid="demo-preview">
            <p>{t("demo.goes")}</p>
            <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
              {named.map((r) => (
                <li key={r.table} className="flex justify-between gap-2">
                  <span>{t(`demo.tables.${r.table}`)}</span>
                  <span className="tabular-nums font-medium">{formatNumber(r.rows)}</span>
                </li>
              ))}
              {other > 0 ? (
                <li className="flex justify-between gap-2">
                  <span>{t("demo.tables.other")}</span>
                  <span className="tabular-nums font-medium">{formatNumber(other)}</span>
                </li>
              ) : null}
            </ul>
            {also > 0 ? <p className="text-slate-600">{t("demo.also", { count: also })}</p> : null}
            <p className="font-medium text-red-700">{t("demo.final")}</p>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
