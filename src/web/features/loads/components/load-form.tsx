import { type DriverPaper, driverPaperProblems } from "@shared/drivers/compliance";
import {
  computeDriverPay,
  computeTotalRate,
  type LoadDetail,
  PAY_TYPES,
  type PayType,
} from "@shared/loads/loads.schema";
import { Save } from "lucide-react";
import { type ComponentType, type ReactNode, useState } from "react";
import { type Control, type FieldErrors, type Path, useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  CustomerPicker,
  DriverPicker,
  type PickerProps,
  TrailerPicker,
  VehiclePicker,
} from "../../../components/pickers/entity-pickers";
import type { DriverOption } from "../../../components/pickers/lookups";
import { Button } from "../../../components/ui/button";
import { SectionCard } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { describePay } from "../../../lib/describe-pay";
import { formatMoney, formatNumber, localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useMilesPreview } from "../api/miles";
import { DriverPaperNotice, useDriverPaperText } from "./driver-paper-notice";
import { FreightFields } from "./freight-fields";
import {
  flattenErrors,
  fromLocalInput,
  isMoney,
  type LoadFormValues,
  loadFormResolver,
  REQUIRED_FIELDS,
  REQUIRED_STOP_FIELDS,
} from "./load-form-values";
import { StopsEditor } from "./stops-editor";
import { useLoadFieldMessage } from "./use-load-field-message";

/** Labels a picker shows for the values it was opened with (edit), before any search. */
export interface PickerLabels {
  customer?: string | null;
  driver?: string | null;
  vehicle?: string | null;
  trailer?: string | null;
}

/**
 * The create / edit form of a load. Validation is the shared `createLoadSchema` (the server parses
 * with the same); server field errors (`stops.0.city`) land on the same inputs. On any error the
 * data stays as typed.
 */
export function LoadForm({
  defaultValues,
  pickerLabels,
  submitLabel,
  onSubmit,
  onCancel,
  loadNumberHint,
}: {
  defaultValues: LoadFormValues;
  pickerLabels?: PickerLabels;
  submitLabel: string;
  onSubmit: (values: LoadFormValues) => Promise<LoadDetail>;
  onCancel: () => void;
  loadNumberHint?: ReactNode;
}) {
  const { t, i18n } = useTranslation("loads");
  const form = useForm<LoadFormValues>({ resolver: loadFormResolver, defaultValues, mode: "onSubmit" });
  const { register, handleSubmit, formState, setError, watch, control, getValues, setValue } = form;
  const [driver, setDriver] = useState<DriverOption | null>(null);
  const [labels, setLabels] = useState<PickerLabels>(pickerLabels ?? {});
  const message = useLoadFieldMessage();
  const paperText = useDriverPaperText();
  const stops = watch("stops");
  const deliveryDay =
    [...stops]
      .reverse()
      .find((s) => s.type === "delivery" && s.scheduledAt)
      ?.scheduledAt.slice(0, 10) ?? null;
  const paperWarnings = driver ? driverPaperProblems(driver, localToday(), deliveryDay) : [];

  // The route's miles for the stops typed so far (issue 40): shown under "Loaded miles", used for the
  // pay preview; a different typed number is an override and needs a reason.
  const placeable = stops.filter((s) => s.postalCode?.trim() || (s.city.trim() && s.state.trim()));
  const previewKey = JSON.stringify(
    placeable.length === stops.length && stops.length >= 2
      ? {
          stops: stops.map((s) => ({ city: s.city, state: s.state, postalCode: s.postalCode ?? "" })),
          driverId: watch("driverId") || null,
          pickupAt: stops[0].scheduledAt ? fromLocalInput(stops[0].scheduledAt) : null,
        }
      : null,
  );
  const preview = useMilesPreview(JSON.parse(useDebouncedValue(previewKey, 400)));
  const routeMiles = preview.data?.loadedMiles ?? null;

  /**
   * Choosing a driver fills in the truck and trailer assigned to them, still editable: a field is
   * filled when empty or when it holds what the previous driver brought in.
   */
  const chooseDriver = (next: DriverOption | null) => {
    const previous = driver;
    setDriver(next);
    if (!next) return;
    const fill = (field: "vehicleId" | "trailerId", label: "vehicle" | "trailer") => {
      const id = next[field];
      const current = getValues(field);
      if (!id || (current && current !== previous?.[field])) return;
      setValue(field, id, { shouldDirty: true });
      setLabels((l) => ({ ...l, [label]: next[label === "vehicle" ? "vehicleLabel" : "trailerLabel"] }));
    };
    fill("vehicleId", "vehicle");
    fill("trailerId", "trailer");
  };

  const errorAt = (path: string) => {
    const found = flattenErrors(formState.errors).find(([p]) => p === path)?.[1];
    return found ? message(found, readValue(getValues(), path)) : undefined;
  };

  const fieldLabel = (path: string): string => {
    const stop = /^stops\.(\d+)\.(\w+)$/.exec(path);
    if (stop) return t("stops.fieldOfStop", { n: Number(stop[1]) + 1, field: t(`stops.fields.${stop[2]}`) });
    if (path.startsWith("stops")) return t("form.sections.stops");
    const key = path.replace(/Id$/, "");
    return t(`fields.${key}`, { defaultValue: path });
  };

  const onInvalid = (errors: FieldErrors<LoadFormValues>) => {
    const values = getValues();
    const all = flattenErrors(errors);
    const missing = all
      .map(([path]) => path)
      .filter((path) => {
        const value = readValue(values, path);
        const required =
          (REQUIRED_FIELDS as readonly string[]).includes(path) ||
          (REQUIRED_STOP_FIELDS as readonly string[]).some((f) => path.endsWith(`.${f}`));
        return required && (typeof value !== "string" || value.trim() === "");
      });
    if (missing.length > 0) {
      const labels = summarizeMissing(missing, fieldLabel, (n, count) =>
        t("stops.fieldsOfStop", { n, count }),
      );
      notify({
        title: t("common:errors.missingInformation"),
        description: t("form.missingFields", {
          fields: new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(
            labels.length > 6
              ? [...labels.slice(0, 6), t("form.andMore", { count: labels.length - 6 })]
              : labels,
          ),
        }),
        variant: "error",
      });
    } else {
      notify({ title: t("form.invalidTitle"), description: t("form.invalidText"), variant: "error" });
    }
  };

  // The resolver hands over the schema's parsed output; the request carries the form's own values
  // (converted by toLoadInput), which is what the shared schema takes as input.
  const onValid = async () => {
    if (overriding && !getValues("milesOverrideReason").trim()) {
      const text = t("miles.reasonRequired", { miles: formatNumber(routeMiles ?? 0, 1) });
      setError("milesOverrideReason", { type: "required", message: text }, { shouldFocus: true });
      notify({ title: t("form.invalidTitle"), description: text, variant: "error" });
      return;
    }
    try {
      await onSubmit(getValues());
    } catch (error) {
      if (isApiError(error, 409, "DRIVER_DOCUMENT_EXPIRED")) {
        const d = error.details as { driverName: string; document: DriverPaper; expiresOn: string };
        const text = paperText(d.driverName, { ...d, problem: "expired" });
        setError("driverId", { type: "server", message: text }, { shouldFocus: true });
        notify({ title: t("papers.blockedTitle"), description: text, variant: "error" });
        return;
      }
      if (isApiError(error, 409, "DUPLICATE_LOAD_NUMBER")) {
        setError("loadNumber", { type: "server", message: t("toast.duplicateText") }, { shouldFocus: true });
        notify({ title: t("toast.duplicateTitle"), description: t("toast.duplicateText"), variant: "error" });
        return;
      }
      if (isApiError(error, 400) && Object.keys(error.fields).length > 0) {
        const entries = Object.entries(error.fields);
        for (const [path, text] of entries)
          setError(path as Path<LoadFormValues>, { type: "server", message: text });
        notify({
          title: t("form.invalidTitle"),
          description: t("form.serverFields", {
            fields: new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(
              entries.map(([p]) => fieldLabel(p)),
            ),
          }),
          variant: "error",
        });
        return;
      }
      notify({
        title: t("toast.saveFailed"),
        description: error instanceof Error && error.message ? error.message : t("common:errors.generic"),
        variant: "error",
      });
    }
  };

  const [baseRate, lumperFee, detention, otherCharges, payType, payRate, loadedMiles] = watch([
    "baseRate",
    "lumperFee",
    "detention",
    "otherCharges",
    "payType",
    "payRate",
    "loadedMiles",
  ]);
  const total = computeTotalRate({
    baseRate: isMoney(baseRate) ? baseRate : "0",
    lumperFee: isMoney(lumperFee) ? lumperFee : null,
    detention: isMoney(detention) ? detention : null,
    otherCharges: isMoney(otherCharges) ? otherCharges : null,
  });
  const miles = loadedMiles.trim() === "" ? routeMiles : Number(loadedMiles);
  const overriding =
    loadedMiles.trim() !== "" && routeMiles !== null && Math.abs(Number(loadedMiles) - routeMiles) > 0.5;
  const effectivePay: { type: PayType; rate: string; fromDefault: boolean } | null =
    payType && isMoney(payRate)
      ? { type: payType, rate: payRate, fromDefault: false }
      : !payType && !payRate && driver?.defaultPayType && isMoney(driver.defaultPayRate)
        ? { type: driver.defaultPayType as PayType, rate: driver.defaultPayRate, fromDefault: true }
        : null;
  const payPreview = effectivePay
    ? computeDriverPay(effectivePay.type, effectivePay.rate, total, Number.isFinite(miles) ? miles : null)
    : null;

  const money = (
    name: "baseRate" | "fuelSurcharge" | "lumperFee" | "detention" | "otherCharges" | "customerRate",
  ) => (
    <Field
      label={t(`fields.${name}`)}
      error={errorAt(name)}
      required={name === "baseRate"}
      hint={name === "fuelSurcharge" ? t("form.fuelSurchargeHint") : undefined}
    >
      <Input {...register(name)} inputMode="decimal" placeholder="0.00" data-testid={`field-${name}`} />
    </Field>
  );

  const submitting = formState.isSubmitting;

  return (
    <form
      onSubmit={handleSubmit(onValid, onInvalid)}
      noValidate
      className="grid grid-cols-1 gap-6"
      data-testid="load-form"
    >
      <p className="text-sm text-slate-600">{t("form.requiredLegend")}</p>
      <SectionCard title={t("form.sections.details")} description={t("form.sections.detailsText")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t("fields.loadNumber")} error={errorAt("loadNumber")} hint={t("form.loadNumberHint")}>
            <Input
              {...register("loadNumber")}
              autoComplete="off"
              className="font-mono uppercase"
              data-testid="field-loadNumber"
            />
          </Field>
          <Field label={t("fields.customer")} error={errorAt("customerId")}>
            <ControlledPicker
              control={control}
              name="customerId"
              picker={CustomerPicker}
              selectedLabel={pickerLabels?.customer}
            />
          </Field>
          <Field label={t("fields.description")} error={errorAt("description")} className="sm:col-span-2">
            <Textarea {...register("description")} rows={2} data-testid="field-description" />
          </Field>
          <Field label={t("fields.weightLbs")} error={errorAt("weightLbs")}>
            <Input {...register("weightLbs")} inputMode="decimal" data-testid="field-weightLbs" />
          </Field>
          <Field
            label={t("fields.loadedMiles")}
            error={errorAt("loadedMiles")}
            hint={routeMiles !== null ? t("miles.previewHint") : undefined}
          >
            <Input
              {...register("loadedMiles")}
              inputMode="decimal"
              placeholder={routeMiles !== null ? formatNumber(routeMiles, 1) : undefined}
              data-testid="field-loadedMiles"
            />
          </Field>
          <div
            className="grid content-start gap-1 text-sm text-slate-600"
            aria-live="polite"
            data-testid="miles-preview"
          >
            {routeMiles !== null ? <p>{t("miles.preview", { miles: formatNumber(routeMiles, 1) })}</p> : null}
            {preview.data?.emptyMiles != null ? (
              <p>{t("miles.previewEmpty", { miles: formatNumber(preview.data.emptyMiles, 1) })}</p>
            ) : null}
            {preview.data?.unplacedStops.length ? (
              <p className="text-amber-700">
                {t("miles.previewUnplaced", { stops: preview.data.unplacedStops.join(", ") })}
              </p>
            ) : null}
          </div>
          {overriding || errorAt("milesOverrideReason") ? (
            <Field
              label={t("miles.reasonField")}
              error={
                errorAt("milesOverrideReason")
                  ? t("miles.reasonRequired", { miles: formatNumber(routeMiles ?? 0, 1) })
                  : undefined
              }
              className="sm:col-span-2"
              required
            >
              <Input
                {...register("milesOverrideReason")}
                maxLength={500}
                data-testid="field-milesOverrideReason"
              />
            </Field>
          ) : null}
        </div>
        <FreightFields form={form} errorAt={errorAt} />
        {loadNumberHint}
      </SectionCard>

      <SectionCard title={t("form.sections.stops")} description={t("form.sections.stopsText")}>
        <StopsEditor form={form} fieldError={errorAt} />
      </SectionCard>

      <SectionCard title={t("form.sections.charges")} description={t("form.sections.chargesText")}>
        <div className="grid grid-cols-2 items-start gap-4 lg:grid-cols-5">
          {money("baseRate")}
          {money("fuelSurcharge")}
          {money("lumperFee")}
          {money("detention")}
          {money("otherCharges")}
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div
            className="flex items-center justify-between rounded-lg bg-slate-900 px-4 py-3 text-white sm:col-span-2 lg:col-span-2"
            aria-live="polite"
          >
            <span className="text-sm text-slate-300">{t("fields.totalRate")}</span>
            <span className="text-xl font-semibold tabular-nums" data-testid="total-preview">
              {formatMoney(total)}
            </span>
          </div>
          <div className="sm:col-span-2 lg:col-span-2">{money("customerRate")}</div>
        </div>
      </SectionCard>

      <SectionCard title={t("form.sections.driver")} description={t("form.sections.driverText")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field
            label={t("fields.driver")}
            error={errorAt("driverId")}
            hint={
              driver
                ? [
                    t(`driverStatus.${driver.status}`, { defaultValue: driver.status }),
                    driver.defaultPayType && driver.defaultPayRate
                      ? t("form.driverDefault", {
                          pay: describePay(t, driver.defaultPayType, driver.defaultPayRate),
                        })
                      : t("form.driverNoDefault"),
                  ].join(" · ")
                : undefined
            }
          >
            <ControlledPicker
              control={control}
              name="driverId"
              picker={DriverPicker}
              selectedLabel={labels.driver}
              onRow={(row) => chooseDriver(row as DriverOption | null)}
            />
          </Field>
          {driver && paperWarnings.length ? (
            <DriverPaperNotice
              driverName={driver.fullName}
              warnings={paperWarnings}
              className="sm:col-span-2 lg:col-span-3"
            />
          ) : null}
          <Field label={t("fields.vehicle")} error={errorAt("vehicleId")}>
            <ControlledPicker
              control={control}
              name="vehicleId"
              picker={VehiclePicker}
              selectedLabel={labels.vehicle}
            />
          </Field>
          <Field label={t("fields.trailer")} error={errorAt("trailerId")}>
            <ControlledPicker
              control={control}
              name="trailerId"
              picker={TrailerPicker}
              selectedLabel={labels.trailer}
            />
          </Field>
          <Field label={t("fields.payType")} error={errorAt("payType")}>
            <Select {...register("payType")} data-testid="field-payType">
              <option value="">{t("pay.driverDefault")}</option>
              {PAY_TYPES.map((p) => (
                <option key={p} value={p}>
                  {t(`payTypes.${p}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={t("fields.payRate")}
            error={errorAt("payRate")}
            hint={payType === "percentage" ? t("form.payRatePercentHint") : undefined}
          >
            <Input
              {...register("payRate")}
              inputMode="decimal"
              placeholder={t("form.payRatePlaceholder")}
              data-testid="field-payRate"
            />
          </Field>
          <Field label={t("fields.fuelUsedGallons")} error={errorAt("fuelUsedGallons")}>
            <Input {...register("fuelUsedGallons")} inputMode="decimal" data-testid="field-fuelUsedGallons" />
          </Field>
        </div>
        <p className="mt-4 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600" aria-live="polite">
          {payPreview
            ? t(effectivePay?.fromDefault ? "form.payPreviewDefault" : "form.payPreview", {
                pay: formatMoney(payPreview),
              })
            : t("form.payPreviewNone")}
        </p>
      </SectionCard>

      <SectionCard title={t("form.sections.board")}>
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50">
          <input
            type="checkbox"
            {...register("postedToBoard")}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            data-testid="field-postedToBoard"
          />
          <span>
            <span className="block text-sm font-medium text-slate-900">{t("fields.postedToBoard")}</span>
            <span className="block text-sm text-slate-500">{t("form.postedToBoardHint")}</span>
          </span>
        </label>
        <Field label={t("fields.notes")} error={errorAt("notes")} className="mt-4">
          <Textarea {...register("notes")} rows={3} data-testid="field-notes" />
        </Field>
      </SectionCard>

      <div
        className={cn(
          "sticky bottom-0 z-10 -mx-4 grid grid-cols-[auto_1fr] gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex sm:justify-end sm:rounded-lg sm:border",
        )}
      >
        <Button variant="outline" onClick={onCancel} disabled={submitting} className="h-11 sm:h-10">
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={submitting} className="h-11 sm:h-10" data-testid="save-load">
          {submitting ? <Spinner className="text-current" /> : <Save aria-hidden />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function readValue(values: LoadFormValues, path: string): unknown {
  let node: unknown = values;
  for (const part of path.split(".")) {
    if (node === null || node === undefined) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

type PickerName = "customerId" | "driverId" | "vehicleId" | "trailerId";
type AnyPicker = ComponentType<PickerProps<unknown>>;

/** A picker bound to the form; takes the id and aria attributes `Field` hands its child. */
function ControlledPicker({
  control,
  name,
  picker: Picker,
  selectedLabel,
  onRow,
  ...aria
}: {
  control: Control<LoadFormValues>;
  name: PickerName;
  picker: AnyPicker;
  selectedLabel?: string | null;
  onRow?: (row: unknown) => void;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { field } = useController({ control, name });
  return (
    <Picker
      {...aria}
      value={field.value}
      selectedLabel={selectedLabel}
      onChange={(value, row) => {
        field.onChange(value);
        onRow?.(row);
      }}
    />
  );
}

const FORM_ORDER = [
  "loadNumber",
  "customerId",
  "description",
  "weightLbs",
  "loadedMiles",
  "milesOverrideReason",
  "stops",
  "baseRate",
  "fuelSurcharge",
  "lumperFee",
  "detention",
  "otherCharges",
  "customerRate",
  "driverId",
  "vehicleId",
  "trailerId",
  "payType",
  "payRate",
  "fuelUsedGallons",
  "notes",
];

/**
 * Missing fields in the order the form shows them; a stop with several gaps is named once
 * ("Stop 2 (5 fields)") — the inputs themselves say which.
 */
function summarizeMissing(
  paths: string[],
  label: (path: string) => string,
  stopSummary: (n: number, count: number) => string,
): string[] {
  const rank = (p: string) => {
    const stop = /^stops\.(\d+)\./.exec(p);
    return FORM_ORDER.indexOf(p.split(".")[0]) * 100 + (stop ? Number(stop[1]) : 0);
  };
  const perStop = new Map<number, string[]>();
  for (const p of paths) {
    const stop = /^stops\.(\d+)\./.exec(p);
    if (stop) perStop.set(Number(stop[1]), [...(perStop.get(Number(stop[1])) ?? []), p]);
  }
  const seen = new Set<number>();
  return [...paths]
    .sort((a, b) => rank(a) - rank(b))
    .flatMap((p) => {
      const stop = /^stops\.(\d+)\./.exec(p);
      if (!stop) return [label(p)];
      const index = Number(stop[1]);
      if (seen.has(index)) return [];
      seen.add(index);
      const gaps = perStop.get(index) ?? [];
      return [gaps.length === 1 ? label(p) : stopSummary(index + 1, gaps.length)];
    });
}
