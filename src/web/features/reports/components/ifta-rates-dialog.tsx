import { JURISDICTIONS } from "@shared/fuel/jurisdictions";
import { IFTA_MESSAGES, type IftaRatesInput, iftaRatesInputSchema } from "@shared/reports/reports.schema";
import { Copy, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Input, Select } from "../../../components/ui/input";
import { describeError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { fetchIftaRates, useIftaRates, useSaveIftaRates } from "../api/reports";

const previousQuarter = (quarter: string) => {
  const year = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(6));
  return q === 1 ? `${year - 1}-Q4` : `${year}-Q${q - 1}`;
};

/** The quarter's IFTA tax rates, per jurisdiction, as the IFTA rate matrix publishes them. */
export function IftaRatesDialog({
  quarter,
  open,
  onOpenChange,
}: {
  quarter: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("reports");
  const rates = useIftaRates(quarter, open);
  const save = useSaveIftaRates(quarter);
  const [copying, setCopying] = useState(false);
  const { register, control, getValues, reset, setError, clearErrors, formState } = useForm<IftaRatesInput>({
    defaultValues: { rates: [] },
  });
  const rows = useFieldArray({ control, name: "rates" });
  useEffect(() => {
    if (open && rates.data)
      reset({ rates: rates.data.rates.map((r) => ({ jurisdiction: r.jurisdiction, rate: r.rate })) });
  }, [open, rates.data, reset]);

  const message = (m: string | undefined) =>
    m === IFTA_MESSAGES.rateInvalid
      ? t("ifta.errors.rateInvalid")
      : m === IFTA_MESSAGES.duplicateJurisdiction
        ? t("ifta.errors.duplicate")
        : m
          ? t("ifta.errors.jurisdiction")
          : undefined;

  const onSubmit = (values: IftaRatesInput) => {
    clearErrors();
    const parsed = iftaRatesInputSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".") as `rates.${number}.rate`;
        setError(path || "rates", { message: issue.message });
      }
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: t("ifta.saved"), variant: "success" });
        onOpenChange(false);
      },
      onError: (error) =>
        notify({ title: t("ifta.saveFailed"), description: describeError(error, t), variant: "error" }),
    });
  };

  const copyPrevious = async () => {
    setCopying(true);
    try {
      const prev = await fetchIftaRates(previousQuarter(quarter));
      if (!prev.rates.length) notify({ title: t("ifta.noPrevious") });
      else reset({ rates: prev.rates.map((r) => ({ jurisdiction: r.jurisdiction, rate: r.rate })) });
    } catch (error) {
      notify({ title: t("ifta.saveFailed"), description: describeError(error, t), variant: "error" });
    } finally {
      setCopying(false);
    }
  };

  const listError = formState.errors.rates?.message ?? formState.errors.rates?.root?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !save.isPending && onOpenChange(next)}
      title={t("ifta.ratesTitle", { quarter })}
      description={t("ifta.ratesHelp")}
      closeLabel={t("common:actions.close")}
      className="max-w-xl"
    >
      {rates.isLoading ? (
        <Spinner label={t("common:loading")} />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            // Not handleSubmit: the list-level error set by the last attempt must not block this one.
            e.preventDefault();
            onSubmit(getValues());
          }}
          className="grid gap-3"
          data-testid="ifta-rates-form"
        >
          {rows.fields.length ? (
            <div className="grid gap-2">
              <div className="grid grid-cols-[1fr_8rem_2.75rem] gap-2 text-xs font-medium text-slate-500">
                <span>{t("ifta.jurisdiction")}</span>
                <span>{t("ifta.rate")}</span>
              </div>
              {rows.fields.map((field, i) => {
                const error = formState.errors.rates?.[i];
                return (
                  <div key={field.id} className="grid gap-1">
                    <div className="grid grid-cols-[1fr_8rem_2.75rem] items-start gap-2">
                      <Select aria-label={t("ifta.jurisdiction")} {...register(`rates.${i}.jurisdiction`)}>
                        {JURISDICTIONS.map((j) => (
                          <option key={j.code} value={j.code}>
                            {j.code} — {j.name}
                          </option>
                        ))}
                      </Select>
                      <Input
                        inputMode="decimal"
                        aria-label={t("ifta.rate")}
                        aria-invalid={error?.rate ? true : undefined}
                        {...register(`rates.${i}.rate`)}
                      />
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t("ifta.remove")}
                        onClick={() => rows.remove(i)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                    {error?.rate || error?.jurisdiction ? (
                      <p role="alert" className="text-sm text-red-600">
                        {message(error.rate?.message ?? error.jurisdiction?.message)}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ) : null}
          {listError ? (
            <p role="alert" className="text-sm text-red-600">
              {message(listError)}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => {
                const used = new Set(getValues().rates.map((r) => r.jurisdiction));
                rows.append({
                  jurisdiction: JURISDICTIONS.find((j) => !used.has(j.code))?.code ?? "",
                  rate: "",
                });
              }}
            >
              <Plus aria-hidden />
              {t("ifta.addRate")}
            </Button>
            <Button variant="outline" onClick={() => void copyPrevious()} disabled={copying}>
              {copying ? <Spinner className="text-current" /> : <Copy aria-hidden />}
              {t("ifta.copyPrevious")}
            </Button>
          </div>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="ifta-rates-save">
              {save.isPending ? <Spinner className="text-current" /> : null}
              {t("ifta.save")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
