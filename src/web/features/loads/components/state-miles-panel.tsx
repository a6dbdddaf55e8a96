import { JURISDICTIONS } from "@shared/fuel/jurisdictions";
import {
  STATE_MILES_MESSAGES,
  type StateMilesInput,
  stateMilesInputSchema,
} from "@shared/loads/state-miles.schema";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListError } from "../../../components/list/list-states";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Input, Select } from "../../../components/ui/input";
import { describeError } from "../../../lib/api-errors";
import { formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useSaveStateMiles, useStateMiles } from "../api/state-miles";

type Row = StateMilesInput["items"][number];

/**
 * A load's miles by state or province for the IFTA return: the driver writes them down from the
 * state-line odometer readings (big targets for a phone), dispatch corrects them; the total is
 * compared with the load's loaded miles.
 */
export function StateMilesPanel({ loadId }: { loadId: string }) {
  const { t } = useTranslation("loads");
  const query = useStateMiles(loadId);
  const save = useSaveStateMiles(loadId);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (query.isError && !query.data)
    return (
      <ListError
        title={t("common:errors.loadFailed")}
        description={describeError(query.error, t)}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data) return <Spinner label={t("common:loading")} />;
  const data = query.data;
  const total = (list: Array<{ miles: string }>) => list.reduce((s, r) => s + (Number(r.miles) || 0), 0);
  const message = (m: string) =>
    m === STATE_MILES_MESSAGES.duplicate
      ? t("stateMiles.errors.duplicate")
      : m === STATE_MILES_MESSAGES.miles
        ? t("stateMiles.errors.miles")
        : t("stateMiles.errors.jurisdiction");

  const submit = () => {
    if (!rows) return;
    const parsed = stateMilesInputSchema.safeParse({ items: rows });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), message(i.message)])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: t("stateMiles.saved"), variant: "success" });
        setRows(null);
      },
      onError: (error) =>
        notify({ title: t("stateMiles.saveFailed"), description: describeError(error, t), variant: "error" }),
    });
  };

  if (!rows)
    return (
      <div className="grid gap-3" data-testid="state-miles">
        {data.items.length ? (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {data.items.map((r) => (
              <li key={r.jurisdiction} className="flex items-center justify-between px-3 py-2 text-sm">
                <span className="font-medium text-slate-900">{r.jurisdiction}</span>
                <span className="tabular-nums text-slate-700">
                  {t("stateMiles.miles", { value: formatNumber(r.miles, 1) })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t("stateMiles.empty")}</p>
        )}
        {data.source ? (
          <p className="text-xs text-slate-500" data-testid="state-miles-source">
            {t(`stateMiles.sources.${data.source}`)}
          </p>
        ) : null}
        <p className="text-sm text-slate-600" data-testid="state-miles-total">
          {t("stateMiles.total", {
            total: formatNumber(total(data.items), 1),
            loaded: data.loadedMiles === null ? "—" : formatNumber(data.loadedMiles, 1),
          })}
        </p>
        {data.canEdit ? (
          <Button
            variant="outline"
            className="h-11 justify-self-start"
            onClick={() =>
              setRows(
                data.items.length ? data.items.map((r) => ({ ...r })) : [{ jurisdiction: "", miles: "" }],
              )
            }
            data-testid="state-miles-edit"
          >
            <Pencil aria-hidden />
            {data.items.length ? t("common:actions.edit") : t("stateMiles.record")}
          </Button>
        ) : null}
      </div>
    );

  const set = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((r, n) => (n === i ? { ...r, ...patch } : r)));
  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="state-miles-form"
    >
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are edited in place and have no id yet.
        <div key={i} className="grid gap-1">
          <div className="grid grid-cols-[1fr_7rem_2.75rem] items-center gap-2">
            <Select
              aria-label={t("stateMiles.jurisdiction")}
              className="h-11"
              value={r.jurisdiction}
              onChange={(e) => set(i, { jurisdiction: e.target.value })}
            >
              <option value="">—</option>
              {JURISDICTIONS.map((j) => (
                <option key={j.code} value={j.code}>
                  {j.code} — {j.name}
                </option>
              ))}
            </Select>
            <Input
              aria-label={t("stateMiles.milesLabel")}
              inputMode="decimal"
              className="h-11"
              value={r.miles}
              onChange={(e) => set(i, { miles: e.target.value })}
            />
            <Button
              variant="ghost"
              size="icon"
              className="size-11"
              aria-label={t("common:actions.delete")}
              onClick={() => setRows(rows.filter((_, n) => n !== i))}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
          {errors[`items.${i}.jurisdiction`] || errors[`items.${i}.miles`] ? (
            <p role="alert" className="text-sm text-red-600">
              {errors[`items.${i}.jurisdiction`] ?? errors[`items.${i}.miles`]}
            </p>
          ) : null}
        </div>
      ))}
      {errors.items ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.items}
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        {t("stateMiles.total", {
          total: formatNumber(total(rows), 1),
          loaded: data.loadedMiles === null ? "—" : formatNumber(data.loadedMiles, 1),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          className="h-11"
          onClick={() => setRows([...rows, { jurisdiction: "", miles: "" }])}
        >
          <Plus aria-hidden />
          {t("stateMiles.add")}
        </Button>
        <Button variant="outline" className="h-11" onClick={() => setRows(null)} disabled={save.isPending}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" className="h-11" disabled={save.isPending} data-testid="state-miles-save">
          {save.isPending ? <Spinner className="text-current" /> : null}
          {t("common:actions.save")}
        </Button>
      </div>
    </form>
  );
}
