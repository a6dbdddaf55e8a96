import { PAY_FREQUENCIES, PERCENTAGE_BASES, WEEKDAYS } from "@shared/settlements/pay";
import { type PaySettingsInput, paySettingsInputSchema } from "@shared/settlements/settlements.schema";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { firstIssues } from "../../../lib/form-errors";
import { notify } from "../../../lib/toast";
import { usePaySettings, useSavePaySettings } from "../api/settlements";
import { useSettlementMessages } from "../settlements-messages";

type Values = Required<Omit<PaySettingsInput, "endWeekday">> & { endWeekday: number };

/** A weekday's name in the reader's language (2024-01-07 was a Sunday). */
const weekdayName = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, 7 + day)),
  );

/** The company's pay rules: how often, the period's last weekday, what a percentage is of, charge-backs, payer EIN. */
export function PaySettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation("settlements");
  const messages = useSettlementMessages();
  const current = usePaySettings().data;
  const save = useSavePaySettings();
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  useEffect(() => {
    if (open && current) {
      setValues({
        frequency: current.frequency,
        endWeekday: current.endWeekday,
        percentageBase: current.percentageBase,
        chargeBackCitations: current.chargeBackCitations,
        deductFuelCard: current.deductFuelCard,
        payerTin: current.payerTin,
      });
      setErrors({});
    }
  }, [open, current]);

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((v) => (v ? { ...v, [name]: value } : v));
    setErrors((x) => ({ ...x, [name]: undefined }));
  };

  const confirm = () => {
    if (!values) return;
    const parsed = paySettingsInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssues(parsed.error));
      return;
    }
    save.mutate(values, {
      onSuccess: () => {
        notify({ title: t("settings.saved"), variant: "success" });
        onOpenChange(false);
      },
      onError: (error) => {
        if (isApiError(error, 400)) setErrors(error.fields);
        notify({ title: t("settings.failed"), description: messages.error(error), variant: "error" });
      },
    });
  };

  const weekly = values?.frequency === "weekly" || values?.frequency === "biweekly";
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("settings.title")}
      description={t("settings.description")}
      confirmLabel={t("settings.save")}
      pending={save.isPending}
      confirmDisabled={!values}
      onConfirm={confirm}
    >
      {values ? (
        <div className="grid gap-4" data-testid="pay-settings-form">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label={t("settings.frequency")} error={messages.field(errors.frequency)}>
              <Select
                value={values.frequency}
                onChange={(e) => set("frequency", e.target.value as Values["frequency"])}
              >
                {PAY_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {t(`frequencies.${f}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("settings.endWeekday")} hint={weekly ? undefined : t("settings.endWeekdayHint")}>
              <Select
                value={String(values.endWeekday)}
                disabled={!weekly}
                onChange={(e) => set("endWeekday", Number(e.target.value))}
              >
                {WEEKDAYS.map((d) => (
                  <option key={d} value={d}>
                    {weekdayName(d, i18n.language)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field label={t("settings.percentageBase")} hint={t("settings.percentageBaseHint")}>
            <Select
              value={values.percentageBase}
              onChange={(e) => set("percentageBase", e.target.value as Values["percentageBase"])}
            >
              {PERCENTAGE_BASES.map((b) => (
                <option key={b} value={b}>
                  {t(`bases.${b}`)}
                </option>
              ))}
            </Select>
          </Field>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={values.deductFuelCard}
              onChange={(e) => set("deductFuelCard", e.target.checked)}
            />
            {t("settings.deductFuelCard")}
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={values.chargeBackCitations}
              onChange={(e) => set("chargeBackCitations", e.target.checked)}
            />
            {t("settings.chargeBackCitations")}
          </label>
          <Field
            label={t("settings.payerTin")}
            hint={t("settings.payerTinHint")}
            error={messages.field(errors.payerTin)}
          >
            <Input
              value={values.payerTin}
              maxLength={20}
              placeholder="12-3456789"
              onChange={(e) => set("payerTin", e.target.value)}
            />
          </Field>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
