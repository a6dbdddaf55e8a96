import {
  centsToAmount,
  expectedTotalCents,
  FUEL_ENTRY_FIELDS,
  FUEL_ENTRY_TYPES,
  type FuelDuplicateDetails,
  type FuelEntryField,
  fuelEntryFieldsSchema,
  missingFuelFields,
  RECEIPT_ACCEPT,
  RECEIPT_MAX_BYTES,
} from "@shared/fuel/fuel.schema";
import { JURISDICTIONS } from "@shared/fuel/jurisdictions";
import { Camera, FileText, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Combobox, type ComboboxOption } from "../../../components/ui/combobox";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Label, Select } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { localInputToIso, toLocalInput } from "../../../lib/datetime";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { usePickerSearch } from "../../../lib/use-picker-search";
import { useFuelVehicles, useLogFuel } from "../api/fuel";
import { useFuelMessages } from "../fuel-messages";

type Values = Record<Exclude<FuelEntryField, "receipt">, string>;
const empty = (): Values => ({
  vehicleId: "",
  fueledAt: toLocalInput(new Date()),
  location: "",
  state: "",
  odometer: "",
  fuelType: "diesel",
  gallons: "",
  pricePerGallon: "",
  totalAmount: "",
});

const DECIMAL = /^\d+(\.\d+)?$/;
const kb = (size: number) => `${formatNumber(Math.max(1, Math.round(size / 1024)))} KB`;

/**
 * A driver logs a fill-up: every field required, the receipt a photo or PDF (phone camera friendly).
 * The amounts bring up the phone's number pad; a receipt over the size limit is refused here, before
 * a byte is sent; and the same fill-up sent twice within minutes asks "Log it again?" (issue 38).
 */
export function LogFuelDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("fuel");
  const messages = useFuelMessages();
  const log = useLogFuel();
  const form = useForm<Values>({ defaultValues: empty() });
  const { register, handleSubmit, formState, setError, clearErrors, reset, setValue, watch, control } = form;
  const errors = formState.errors;
  const vehicleField = useController({ control, name: "vehicleId" }).field;
  const fuelTypeField = useController({ control, name: "fuelType" }).field;

  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  /** The earlier entry the server found for what was just sent, while the driver decides. */
  const [duplicate, setDuplicate] = useState<(FuelDuplicateDetails & { fields: Values }) | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const receiptId = useId();
  const fuelTypeId = useId();

  const { search: vehicleSearch, setSearch: setVehicleSearch, q, typing } = usePickerSearch();
  const vehicles = useFuelVehicles(q, open);
  const assignedId = vehicles.data?.assignedVehicleId ?? null;
  const [assignedLabel, setAssignedLabel] = useState<string | undefined>();

  // The driver's own truck is the default, once the options arrive.
  useEffect(() => {
    if (!open || !assignedId || form.getFieldState("vehicleId").isDirty || form.getValues("vehicleId"))
      return;
    setValue("vehicleId", assignedId);
    setAssignedLabel(vehicles.data?.items.find((v) => v.id === assignedId)?.unitNumber);
  }, [open, assignedId, vehicles.data, setValue, form]);

  // The total follows gallons × price until the driver types their own.
  const [totalTouched, setTotalTouched] = useState(false);
  const gallons = watch("gallons");
  const price = watch("pricePerGallon");
  useEffect(() => {
    if (totalTouched) return;
    if (DECIMAL.test(gallons.trim()) && DECIMAL.test(price.trim())) {
      const [g, p] = [gallons.trim(), price.trim()];
      if (/^\d{1,4}(\.\d{1,3})?$/.test(g) && /^\d{1,3}(\.\d{1,3})?$/.test(p)) {
        setValue("totalAmount", centsToAmount(expectedTotalCents(g, p)));
      }
    }
  }, [gallons, price, totalTouched, setValue]);

  const close = (next: boolean) => {
    if (log.isPending) return;
    onOpenChange(next);
    if (!next) {
      reset(empty());
      setReceipt(null);
      setReceiptError(undefined);
      setDuplicate(null);
      setTotalTouched(false);
      setVehicleSearch("");
      log.reset();
    }
  };

  /**
   * A file from the picker or the camera. The input is emptied at once: the chosen file lives in
   * state, and the same file picked again after a refusal must fire `change` again.
   */
  const chooseReceipt = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    if (file.size > RECEIPT_MAX_BYTES) {
      setReceipt(null);
      setReceiptError(t("validation.fileTooLarge"));
      return;
    }
    setReceipt(file);
    setReceiptError(undefined);
  };

  /** Field errors under each field, and the one "Missing Information" toast naming the empty ones. */
  const showMissing = (missing: FuelEntryField[]) => {
    for (const f of missing) {
      const message = t("validation.required", { field: messages.fieldName(f) });
      if (f === "receipt") setReceiptError(message);
      else setError(f, { type: "required", message });
    }
    notify({
      title: t("common:errors.missingInformation"),
      description: t("form.missingText", {
        fields: missing.map((f) => messages.fieldName(f)).join(", "),
      }),
      variant: "error",
    });
  };

  const onSubmit = (values: Values) => {
    clearErrors();
    setReceiptError(undefined);
    const missing = missingFuelFields({ ...values, receipt: receipt ?? undefined });
    if (missing.length) return showMissing(missing);
    const fields = { ...values, fueledAt: localInputToIso(values.fueledAt) };
    const parsed = fuelEntryFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as keyof Values;
        if (name in values && !errors[name]) setError(name, { type: "format", message: issue.message });
      }
      notify({ title: t("form.failed"), description: t("form.checkFields"), variant: "error" });
      return;
    }
    send(fields);
  };

  const send = (fields: Values, confirmDuplicate = false) =>
    log.mutate(
      { fields, receipt, confirmDuplicate },
      {
        onSuccess: (entry) => {
          notify({
            title: t("form.logged"),
            description: t("form.loggedText", {
              gallons: t("units.gallons", { value: formatNumber(entry.gallons, 3) }),
              location: entry.location,
              amount: formatMoney(entry.totalAmount),
            }),
            variant: "success",
          });
          setDuplicate(null);
          close(false);
        },
        onError: (error) => {
          setDuplicate(null);
          if (error instanceof ApiRequestError) {
            const details = error.details as { missing?: FuelEntryField[] } | undefined;
            if (error.code === "MISSING_INFORMATION" && details?.missing) return showMissing(details.missing);
            if (error.code === "POSSIBLE_DUPLICATE")
              return setDuplicate({ ...(error.details as FuelDuplicateDetails), fields });
            const fileMessage = messages.fileError(error);
            // The refused file is let go: the button asks for another one.
            if (fileMessage) {
              setReceipt(null);
              setReceiptError(fileMessage);
            }
            for (const [name, message] of Object.entries(error.fields)) {
              if ((FUEL_ENTRY_FIELDS as readonly string[]).includes(name) && name !== "receipt") {
                setError(name as keyof Values, { type: "server", message });
              }
            }
          }
          notify({ title: t("form.failed"), description: messages.error(error), variant: "error" });
        },
      },
    );

  const vehicleOptions: ComboboxOption[] = (vehicles.data?.items ?? []).map((v) => ({
    value: v.id,
    label: v.unitNumber,
    description: [
      v.assigned ? t("form.assigned") : null,
      v.description,
      v.mileage
        ? t("form.lastOdometer", { value: t("units.miles", { value: formatNumber(v.mileage) }) })
        : null,
    ]
      .filter(Boolean)
      .join(" · "),
  }));
  const fieldError = (name: keyof Values) => messages.field(errors[name]?.message);

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("form.title")}
      description={t("form.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl max-sm:top-4 max-sm:max-h-[calc(100dvh-2rem)] max-sm:translate-y-0 max-sm:p-4"
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" data-testid="fuel-form">
        <Field label={t("fields.vehicleId")} error={fieldError("vehicleId")}>
          <Combobox
            value={vehicleField.value || null}
            selectedLabel={vehicleField.value === assignedId ? assignedLabel : undefined}
            onChange={(value) => vehicleField.onChange(value ?? "")}
            options={vehicleOptions}
            search={vehicleSearch}
            onSearchChange={setVehicleSearch}
            loading={vehicles.isFetching || typing}
            placeholder={t("form.chooseVehicle")}
            labels={{
              search: t("form.searchVehicles"),
              empty: t("form.noVehicles"),
              clear: t("form.clear"),
              loading: t("common:loading"),
            }}
          />
        </Field>

        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.fueledAt")} error={fieldError("fueledAt")}>
            <Input
              type="datetime-local"
              max={toLocalInput(new Date())}
              aria-required
              {...register("fueledAt")}
            />
          </Field>
          <fieldset className="grid content-start gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-slate-700">{t("fields.fuelType")}</legend>
            <div className="grid grid-cols-3 gap-1 rounded-md bg-slate-100 p-1">
              {FUEL_ENTRY_TYPES.map((type) => (
                <label
                  key={type}
                  title={t(`fuelTypes.${type}`)}
                  className={cn(
                    "flex h-8 cursor-pointer items-center justify-center rounded text-sm font-medium max-sm:h-11 text-slate-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                    fuelTypeField.value === type && "bg-white text-slate-900 shadow-sm",
                  )}
                >
                  <input
                    type="radio"
                    name={fuelTypeId}
                    value={type}
                    checked={fuelTypeField.value === type}
                    onChange={() => fuelTypeField.onChange(type)}
                    className="sr-only"
                  />
                  {t(`fuelTypesShort.${type}`)}
                </label>
              ))}
            </div>
            {errors.fuelType ? (
              <p role="alert" className="text-sm text-red-600">
                {fieldError("fuelType")}
              </p>
            ) : null}
          </fieldset>
        </div>

        <Field label={t("fields.location")} error={fieldError("location")} hint={t("form.locationHint")}>
          <Input autoComplete="off" maxLength={160} aria-required {...register("location")} />
        </Field>

        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.state")} error={fieldError("state")}>
            <Select aria-required {...register("state")}>
              <option value="">{t("form.chooseState")}</option>
              <optgroup label={t("form.unitedStates")}>
                {JURISDICTIONS.filter((j) => j.country === "US").map((j) => (
                  <option key={j.code} value={j.code}>
                    {j.name} ({j.code})
                  </option>
                ))}
              </optgroup>
              <optgroup label={t("form.canada")}>
                {JURISDICTIONS.filter((j) => j.country === "CA").map((j) => (
                  <option key={j.code} value={j.code}>
                    {j.name} ({j.code})
                  </option>
                ))}
              </optgroup>
            </Select>
          </Field>
          <Field label={t("fields.odometer")} error={fieldError("odometer")} hint={t("form.odometerHint")}>
            <Input inputMode="numeric" autoComplete="off" aria-required {...register("odometer")} />
          </Field>
        </div>

        <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-3">
          <Field label={t("fields.gallons")} error={fieldError("gallons")}>
            <Input inputMode="decimal" autoComplete="off" aria-required {...register("gallons")} />
          </Field>
          <Field label={t("fields.pricePerGallon")} error={fieldError("pricePerGallon")}>
            <Input inputMode="decimal" autoComplete="off" aria-required {...register("pricePerGallon")} />
          </Field>
          <Field
            label={t("fields.totalAmount")}
            error={fieldError("totalAmount")}
            hint={t("form.totalHint")}
            className="col-span-2 sm:col-span-1"
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              aria-required
              {...register("totalAmount", { onChange: () => setTotalTouched(true) })}
            />
          </Field>
        </div>

        <div className="grid gap-1.5">
          <Label htmlFor={receiptId}>{t("fields.receipt")}</Label>
          <input
            ref={fileInput}
            id={receiptId}
            type="file"
            accept={RECEIPT_ACCEPT}
            className="sr-only"
            aria-invalid={receiptError ? true : undefined}
            aria-describedby={`${receiptId}-note`}
            data-testid="fuel-receipt"
            onChange={(e) => chooseReceipt(e.target.files?.[0])}
          />
          {receipt ? (
            <div className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2">
              <FileText className="size-5 shrink-0 text-slate-500" aria-hidden />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">{receipt.name}</span>
                <span className="block text-xs text-slate-500">{kb(receipt.size)}</span>
              </span>
              <Button variant="ghost" size="sm" onClick={() => fileInput.current?.click()}>
                {t("form.replaceReceipt")}
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t("form.removeReceipt")}
                onClick={() => setReceipt(null)}
              >
                <X aria-hidden />
              </Button>
            </div>
          ) : (
            <Button
              variant="outline"
              className={cn("h-14 justify-start border-dashed", receiptError && "border-red-500")}
              onClick={() => fileInput.current?.click()}
            >
              <Camera aria-hidden />
              {t("form.takePhoto")}
            </Button>
          )}
          {receiptError ? (
            <p id={`${receiptId}-note`} role="alert" className="text-sm text-red-600">
              {receiptError}
            </p>
          ) : (
            <p id={`${receiptId}-note`} className="text-xs text-slate-500">
              {t("form.receiptHint")}
            </p>
          )}
        </div>

        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={log.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={log.isPending} data-testid="fuel-submit">
            {log.isPending ? <Spinner className="text-current" /> : null}
            {t("form.submit")}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={duplicate !== null}
        onOpenChange={(next) => !next && setDuplicate(null)}
        title={t("duplicate.title")}
        description={
          duplicate
            ? t("duplicate.text", {
                gallons: t("units.gallons", { value: formatNumber(duplicate.gallons, 3) }),
                amount: formatMoney(duplicate.totalAmount),
                location: duplicate.location,
                when: formatDateTime(duplicate.loggedAt),
              })
            : undefined
        }
        confirmLabel={t("duplicate.confirm")}
        pending={log.isPending}
        onConfirm={() => duplicate && send(duplicate.fields, true)}
      />
    </Dialog>
  );
}
