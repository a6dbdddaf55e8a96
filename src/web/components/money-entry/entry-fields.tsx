import { type ReactElement, useState } from "react";
import { type FieldValues, type Path, type RegisterOptions, useController } from "react-hook-form";
import { DriverPicker, VehiclePicker } from "../pickers/entity-pickers";
import { Field } from "../ui/field";
import { Input, Select, Textarea } from "../ui/input";
import type { EntryForm } from "./use-entry-form";

/**
 * The fields a money-entry dialog is made of. Each takes the dialog's `entry` (from `useEntryForm`)
 * and a field name; its label, hint and message come from the feature. `required` marks the control
 * `aria-required` (the schema decides; no asterisk, as these forms always were).
 */
interface FieldProps<V extends FieldValues> {
  entry: EntryForm<V>;
  name: Path<V>;
  label: string;
  hint?: string;
  className?: string;
  required?: boolean;
}

/** An amount of money (or a quantity typed like one): the phone's decimal pad, no autofill. */
export function AmountField<V extends FieldValues>({
  entry,
  name,
  label,
  hint,
  className,
  required = true,
  options,
}: FieldProps<V> & { options?: RegisterOptions<V, Path<V>> }) {
  return (
    <Field label={label} error={entry.err(name)} hint={hint} className={className}>
      <Input
        inputMode="decimal"
        autoComplete="off"
        aria-required={required || undefined}
        {...entry.form.register(name, options)}
      />
    </Field>
  );
}

/** A day (`date`) or a moment (`datetime-local`, in the reader's time zone). */
export function DateField<V extends FieldValues>({
  entry,
  name,
  label,
  hint,
  className,
  required = true,
  withTime = false,
  min,
  max,
}: FieldProps<V> & { withTime?: boolean; min?: string; max?: string }) {
  return (
    <Field label={label} error={entry.err(name)} hint={hint} className={className}>
      <Input
        type={withTime ? "datetime-local" : "date"}
        min={min}
        max={max}
        aria-required={required || undefined}
        {...entry.form.register(name)}
      />
    </Field>
  );
}

/** A line of text (a location, a payee, a reference): no autofill. */
export function TextField<V extends FieldValues>({
  entry,
  name,
  label,
  hint,
  className,
  required = false,
  maxLength,
  type,
  inputMode,
}: FieldProps<V> & {
  maxLength?: number;
  type?: "tel";
  inputMode?: "numeric";
}) {
  return (
    <Field label={label} error={entry.err(name)} hint={hint} className={className}>
      <Input
        type={type}
        inputMode={inputMode}
        maxLength={maxLength}
        autoComplete="off"
        aria-required={required || undefined}
        {...entry.form.register(name)}
      />
    </Field>
  );
}

/** One of a list; `placeholder` adds the empty first option ("Choose…"). */
export function SelectField<V extends FieldValues>({
  entry,
  name,
  label,
  hint,
  className,
  required = false,
  placeholder,
  options,
}: FieldProps<V> & { placeholder?: string; options: readonly { value: string; label: string }[] }) {
  return (
    <Field label={label} error={entry.err(name)} hint={hint} className={className}>
      <Select aria-required={required || undefined} {...entry.form.register(name)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Free notes: never refused on their own, so no message under them. */
export function NotesField<V extends FieldValues>({
  entry,
  name,
  label,
  hint,
  className,
  rows = 2,
  maxLength,
}: Omit<FieldProps<V>, "required"> & { rows?: number; maxLength: number }) {
  return (
    <Field label={label} hint={hint} className={className}>
      <Textarea rows={rows} maxLength={maxLength} {...entry.form.register(name)} />
    </Field>
  );
}

/** What a picker field hands its picker: the id, the label to show for it, and the change. */
export interface PickerSlot {
  value: string | null;
  selectedLabel?: string;
  onChange: (id: string | null, label: string | null | undefined) => void;
}

/**
 * A searched picker (truck, driver, load, …) bound to an id field. The label of the chosen row is
 * kept here: the record's own label (`selectedLabel`) until the user picks another row. The dialog's
 * body is drawn anew each time it opens, so a reopened dialog shows the record's label again.
 */
export function PickerField<V extends FieldValues>({
  entry,
  name,
  label,
  hint,
  className,
  selectedLabel,
  onPicked,
  children,
}: Omit<FieldProps<V>, "required"> & {
  selectedLabel?: string | null;
  /** After the user picked a row (or cleared the field), with the label now shown. */
  onPicked?: (label: string | undefined) => void;
  children: (slot: PickerSlot) => ReactElement<Record<string, unknown>>;
}) {
  const field = useController({ control: entry.form.control, name }).field;
  const [picked, setPicked] = useState<{ label?: string } | null>(null);
  return (
    <Field label={label} error={entry.err(name)} hint={hint} className={className}>
      {children({
        value: field.value || null,
        selectedLabel: picked ? picked.label : (selectedLabel ?? undefined),
        onChange: (id, chosen) => {
          field.onChange(id ?? "");
          setPicked({ label: chosen ?? undefined });
          onPicked?.(chosen ?? undefined);
        },
      })}
    </Field>
  );
}

type EntityFieldProps<V extends FieldValues> = Omit<FieldProps<V>, "required"> & {
  selectedLabel?: string | null;
  placeholder?: string;
  onPicked?: (label: string | undefined) => void;
};

/** A truck (the company's vehicles, by unit number). */
export function VehicleField<V extends FieldValues>({ placeholder, ...props }: EntityFieldProps<V>) {
  return (
    <PickerField {...props}>
      {(slot) => (
        <VehiclePicker
          value={slot.value}
          selectedLabel={slot.selectedLabel}
          placeholder={placeholder}
          onChange={(id, row) => slot.onChange(id, row?.unitNumber)}
        />
      )}
    </PickerField>
  );
}

/** A driver (by name). */
export function DriverField<V extends FieldValues>({ placeholder, ...props }: EntityFieldProps<V>) {
  return (
    <PickerField {...props}>
      {(slot) => (
        <DriverPicker
          value={slot.value}
          selectedLabel={slot.selectedLabel}
          placeholder={placeholder}
          onChange={(id, row) => slot.onChange(id, row?.fullName)}
        />
      )}
    </PickerField>
  );
}

/**
 * The truck and the driver an amount is charged to, side by side (one column on a phone). The ids
 * are the form's `vehicleId` and `driverId`.
 */
export function TruckDriverFields<V extends FieldValues & { vehicleId: string; driverId: string }>({
  entry,
  vehicle,
  driver,
}: {
  entry: EntryForm<V>;
  vehicle: Omit<EntityFieldProps<V>, "entry" | "name">;
  driver: Omit<EntityFieldProps<V>, "entry" | "name">;
}) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <VehicleField entry={entry} name={"vehicleId" as Path<V>} {...vehicle} />
      <DriverField entry={entry} name={"driverId" as Path<V>} {...driver} />
    </div>
  );
}
