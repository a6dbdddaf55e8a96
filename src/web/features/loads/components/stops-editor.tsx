import { STOP_TYPES } from "@shared/loads/loads.schema";
import { APPOINTMENT_KINDS } from "@shared/loads/stops.schema";
import { ArrowDown, ArrowUp, MapPin, PackageCheck, PackagePlus, Trash2 } from "lucide-react";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { deferred } from "../../../lib/deferred";
import { emptyStop, type LoadFormValues, REQUIRED_STOP_FIELDS } from "./load-form-values";
import { LocationNameInput } from "./location-suggest";
import { StopPlace, useStopZoneHint } from "./stop-place-status";

/** "Save to the address book" is a second thought: its code comes after the form has rendered. */
const saveToAddressBook = deferred(() => import("./save-to-address-book").then((m) => m.SaveToAddressBook));

type StopField =
  | "address"
  | "city"
  | "state"
  | "postalCode"
  | "scheduledAt"
  | "scheduledEnd"
  | "contactName"
  | "contactPhone"
  | "referenceNumber"
  | "poNumber";

/**
 * The ordered stops of a load: add a pickup (before the first delivery) or a delivery (at the end),
 * move a stop up or down, remove it. The first stop must be a pickup and the last a delivery (the
 * shared schema says so under the list).
 */
export function StopsEditor({
  form,
  fieldError,
}: {
  form: UseFormReturn<LoadFormValues>;
  fieldError: (path: string) => string | undefined;
}) {
  const { t } = useTranslation("loads");
  const { control, register, watch } = form;
  const { fields, append, insert, remove, swap } = useFieldArray({ control, name: "stops" });
  const stops = watch("stops");
  const listError = fieldError("stops") ?? fieldError("stops.root");
  const SaveToAddressBook = saveToAddressBook.use();
  /** A new pickup goes before the first delivery: freight is loaded before it is delivered. */
  const addPickup = () => {
    const firstDelivery = stops.findIndex((s) => s.type === "delivery");
    if (firstDelivery < 0) append(emptyStop("pickup"));
    else insert(firstDelivery, emptyStop("pickup"));
  };

  const zoneHint = useStopZoneHint();
  const input = (index: number, name: StopField, props: { className?: string; label?: string } = {}) => (
    <Field
      label={props.label ?? t(`stops.fields.${name}`)}
      error={fieldError(`stops.${index}.${name}`)}
      className={props.className}
      // Appointments are typed in the stop's own time zone, named under the field (issue 40).
      hint={
        name.startsWith("scheduled") ? zoneHint(stops[index]?.timeZone, stops[index]?.scheduledAt) : undefined
      }
      required={(REQUIRED_STOP_FIELDS as readonly string[]).includes(name) || name === "scheduledEnd"}
    >
      <Input
        {...register(`stops.${index}.${name}`)}
        type={name.startsWith("scheduled") ? "datetime-local" : name === "contactPhone" ? "tel" : "text"}
        autoComplete="off"
        inputMode={name === "postalCode" ? "numeric" : undefined}
        data-testid={`stop-${index}-${name}`}
      />
    </Field>
  );

  return (
    <div className="grid grid-cols-1 gap-4">
      <ol className="grid grid-cols-1 gap-4">
        {fields.map((field, index) => {
          const type = stops[index]?.type ?? field.type;
          const kind = stops[index]?.appointmentKind ?? "appointment";
          const Icon = type === "pickup" ? PackagePlus : PackageCheck;
          return (
            <li
              key={field.id}
              className="rounded-lg border border-slate-200 bg-slate-50/60"
              data-testid={`stop-${index}`}
            >
              <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 sm:px-4">
                <span
                  className={cn(
                    "grid size-8 shrink-0 place-items-center rounded-full text-white",
                    type === "pickup" ? "bg-sky-600" : "bg-emerald-600",
                  )}
                  aria-hidden
                >
                  <Icon className="size-4" />
                </span>
                <span className="font-medium text-slate-900">{t("stops.title", { n: index + 1 })}</span>
                <Select
                  {...register(`stops.${index}.type`)}
                  aria-label={t("stops.fields.type")}
                  className="h-9 w-auto min-w-32"
                  data-testid={`stop-${index}-type`}
                >
                  {STOP_TYPES.map((s) => (
                    <option key={s} value={s}>
                      {t(`stops.type.${s}`)}
                    </option>
                  ))}
                </Select>
                <div className="ml-auto flex items-center gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    onClick={() => swap(index, index - 1)}
                    disabled={index === 0}
                    aria-label={t("stops.moveUp", { n: index + 1 })}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    onClick={() => swap(index, index + 1)}
                    disabled={index === fields.length - 1}
                    aria-label={t("stops.moveDown", { n: index + 1 })}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9 text-red-600 hover:bg-red-50 hover:text-red-700"
                    onClick={() => remove(index)}
                    disabled={fields.length <= 2}
                    aria-label={t("stops.remove", { n: index + 1 })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
              <div className="grid grid-cols-2 gap-x-3 gap-y-4 p-3 sm:gap-x-4 sm:p-4 lg:grid-cols-6">
                <Field
                  label={t("stops.fields.locationName")}
                  error={fieldError(`stops.${index}.locationName`)}
                  className="col-span-2 lg:col-span-6"
                  hint={t("stops.locationHint")}
                  required
                >
                  <LocationNameInput form={form} index={index} />
                </Field>
                {input(index, "address", { className: "col-span-2 lg:col-span-6" })}
                {input(index, "city", { className: "col-span-2 sm:col-span-1 lg:col-span-2" })}
                {input(index, "state", { className: "lg:col-span-2" })}
                {input(index, "postalCode", { className: "lg:col-span-2" })}
                <StopPlace form={form} index={index} className="col-span-2 lg:col-span-6" />
                <Field label={t("stops.fields.appointmentKind")} className="col-span-2 lg:col-span-2">
                  <Select
                    {...register(`stops.${index}.appointmentKind`)}
                    data-testid={`stop-${index}-appointmentKind`}
                  >
                    {APPOINTMENT_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {t(`stops.appointment.${k}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                {input(index, "scheduledAt", {
                  className: cn(
                    "col-span-2",
                    kind === "appointment" ? "lg:col-span-4" : "sm:col-span-1 lg:col-span-2",
                  ),
                  label: t(`stops.at.${kind}`),
                })}
                {kind !== "appointment"
                  ? input(index, "scheduledEnd", {
                      className: "col-span-2 sm:col-span-1 lg:col-span-2",
                      label: t(`stops.until.${kind}`),
                    })
                  : null}
                {input(index, "referenceNumber", {
                  className: "col-span-2 sm:col-span-1 lg:col-span-3",
                  label: t(`stops.reference.${type}`),
                })}
                {input(index, "poNumber", { className: "col-span-2 sm:col-span-1 lg:col-span-3" })}
                {input(index, "contactName", { className: "col-span-2 sm:col-span-1 lg:col-span-3" })}
                {input(index, "contactPhone", { className: "col-span-2 sm:col-span-1 lg:col-span-3" })}
                {SaveToAddressBook ? <SaveToAddressBook form={form} index={index} /> : null}
              </div>
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p
          role="alert"
          className="flex items-center gap-2 text-sm text-red-600"
          data-testid="stops-editor-error"
        >
          <MapPin className="size-4" aria-hidden />
          {listError}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-2 sm:flex">
        <Button variant="outline" onClick={addPickup} disabled={fields.length >= 20} data-testid="add-pickup">
          <PackagePlus aria-hidden />
          {t("stops.addPickup")}
        </Button>
        <Button
          variant="outline"
          onClick={() => append(emptyStop("delivery"))}
          disabled={fields.length >= 20}
          data-testid="add-delivery"
        >
          <PackageCheck aria-hidden />
          {t("stops.addDelivery")}
        </Button>
      </div>
    </div>
  );
}
