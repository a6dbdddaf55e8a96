import { SERVICE_TYPES } from "@shared/fleet/maintenance.constants";
import type { ScheduleInput } from "@shared/fleet/vehicles.schema";
import { Plus, Trash2 } from "lucide-react";
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { useFleetMessages } from "../fleet-messages";

type WithSchedules = { schedules?: ScheduleInput[] };

/** Sensible intervals for a class 8 truck, offered when a service type is added. */
export const DEFAULT_INTERVALS: Partial<Record<ScheduleInput["serviceType"], [number | "", number | ""]>> = {
  oil_change: [15_000, 180],
  pm_service: [25_000, ""],
  tires: [120_000, 730],
  tire_rotation: [30_000, ""],
  brakes: [100_000, ""],
  annual_inspection: ["", 365],
  dot_inspection: ["", 365],
  reefer_unit: ["", 180],
};

export const emptySchedule = (serviceType: ScheduleInput["serviceType"] = "oil_change"): ScheduleInput => {
  const [miles, days] = DEFAULT_INTERVALS[serviceType] ?? ["", ""];
  return {
    serviceType,
    intervalMiles: miles === "" ? "" : (String(miles) as unknown as number),
    intervalDays: days === "" ? "" : (String(days) as unknown as number),
    lastServiceDate: "",
    lastServiceOdometer: "",
  };
};

/**
 * Editable schedules: per service type, every N miles and/or every N days, counted from the last
 * service (empty: today and the current odometer).
 */
export function ScheduleRows<T extends WithSchedules>({
  control,
  register,
  errors,
}: {
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const { t } = useTranslation("fleet");
  const messages = useFleetMessages();
  // The form's shape is generic; the schedule rows only touch `schedules`.
  const c = control as unknown as Control<WithSchedules>;
  const reg = register as unknown as UseFormRegister<WithSchedules>;
  const errs = (errors as FieldErrors<WithSchedules>).schedules;
  const { fields, append, remove } = useFieldArray({ control: c, name: "schedules" });
  const used = new Set(fields.map((f) => f.serviceType));
  const next = SERVICE_TYPES.find((s) => !used.has(s) && s !== "repair" && s !== "other") ?? "other";

  return (
    <div className="grid gap-3" data-testid="schedule-rows">
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-200 px-3 py-4 text-center text-sm text-slate-500">
          {t("schedules.none")}
        </p>
      ) : null}
      {fields.map((field, i) => {
        const e = errs?.[i];
        return (
          <fieldset
            key={field.id}
            className="grid items-start gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-6"
            data-testid={`schedule-row-${i}`}
          >
            <legend className="sr-only">{t("schedules.row", { n: i + 1 })}</legend>
            <Field
              label={t("fields.serviceType")}
              error={messages.field(e?.serviceType)}
              className="sm:col-span-2"
            >
              <Select {...reg(`schedules.${i}.serviceType`)} data-testid={`schedule-${i}-type`}>
                {SERVICE_TYPES.map((s) => (
                  <option key={s} value={s}>
                    {t(`serviceTypes.${s}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label={t("schedules.everyMiles")}
              error={messages.field(e?.intervalMiles)}
              className="sm:col-span-2"
            >
              <Input
                inputMode="numeric"
                {...reg(`schedules.${i}.intervalMiles`)}
                data-testid={`schedule-${i}-miles`}
              />
            </Field>
            <Field
              label={t("schedules.everyDays")}
              error={messages.field(e?.intervalDays)}
              className="sm:col-span-2"
            >
              <Input
                inputMode="numeric"
                {...reg(`schedules.${i}.intervalDays`)}
                data-testid={`schedule-${i}-days`}
              />
            </Field>
            <Field
              label={t("schedules.lastDate")}
              error={messages.field(e?.lastServiceDate)}
              hint={t("schedules.lastDateHint")}
              className="sm:col-span-3"
            >
              <Input
                type="date"
                {...reg(`schedules.${i}.lastServiceDate`)}
                data-testid={`schedule-${i}-last-date`}
              />
            </Field>
            <Field
              label={t("schedules.lastOdometer")}
              error={messages.field(e?.lastServiceOdometer)}
              hint={t("schedules.lastOdometerHint")}
              className="sm:col-span-2"
            >
              <Input
                inputMode="numeric"
                {...reg(`schedules.${i}.lastServiceOdometer`)}
                data-testid={`schedule-${i}-last-odometer`}
              />
            </Field>
            <div className="flex items-end justify-end sm:pt-6">
              <Button
                variant="ghost"
                size="icon"
                className="text-red-600 hover:bg-red-50"
                onClick={() => remove(i)}
                aria-label={t("schedules.remove", { type: t(`serviceTypes.${field.serviceType}`) })}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          </fieldset>
        );
      })}
      {errs?.message || errs?.root?.message ? (
        <p role="alert" className="text-sm text-red-600">
          {messages.message(errs.message ?? errs.root?.message)}
        </p>
      ) : null}
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => append(emptySchedule(next))}
          data-testid="add-schedule"
        >
          <Plus aria-hidden />
          {t("schedules.add")}
        </Button>
      </div>
    </div>
  );
}
