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
import { Camera } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PlaceStatus } from "../../../components/geo/place-status";
import { usePlaceLookup } from "../../../components/geo/use-place-lookup";
import { AmountField, DateField, TextField } from "../../../components/money-entry/entry-fields";
import { MoneyEntryDialog } from "../../../components/money-entry/money-entry-dialog";
import { ReceiptField } from "../../../components/money-entry/receipt-field";
import { useEntryForm } from "../../../components/money-entry/use-entry-form";
import { Combobox, type ComboboxOption } from "../../../components/ui/combobox";
import { Field } from "../../../components/ui/field";
import { Select } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { localInputToIso, toLocalInput } from "../../../lib/datetime";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { isQueued } from "../../../lib/outbox/outbox";
import { notifyQueued } from "../../../lib/outbox/use-outbox";
import { notify } from "../../../lib/toast";
import { usePickerSearch } from "../../../lib/use-picker-search";
import { currentFix } from "../../tracking/sharing/current-fix";
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
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  /** The earlier entry the server found for what was just sent, while the driver decides. */
  const [duplicate, setDuplicate] = useState<(FuelDuplicateDetails & { fields: Values }) | null>(null);
  const [totalTouched, setTotalTouched] = useState(false);
  const { search: vehicleSearch, setSearch: setVehicleSearch, q, typing } = usePickerSearch();
  // Not filled again on opening: the form is emptied when it closes (a fresh time each fill-up).
  const entry = useEntryForm<Values>({
    open,
    onOpenChange,
    values: empty,
    fields: [],
    messages,
    pending: log.isPending,
    onClosed: () => {
      reset(empty());
      setReceipt(null);
      setReceiptError(undefined);
      setDuplicate(null);
      setTotalTouched(false);
      setVehicleSearch("");
      log.reset();
    },
  });
  const { form, close } = entry;
  const { register, formState, setError, clearErrors, reset, setValue, watch, control } = form;
  const errors = formState.errors;
  const vehicleField = useController({ control, name: "vehicleId" }).field;
  const fuelTypeField = useController({ control, name: "fuelType" }).field;
  const fuelTypeId = useId();

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

  // Where the typed stop is, before it is saved (issue 40): the same reading the entry gets on save. With
  // the phone's position attached the position places it instead, so nothing is said about the text.
  const [location, state] = watch(["location", "state"]);
  const { place } = usePlaceLookup({ location, state });
  const positioned = open && !!currentFix();

  // The total follows gallons × price until the driver types their own.
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

  /** A file from the picker or the camera; one over the size limit is refused before a byte is sent. */
  const chooseReceipt = (file: File | undefined) => {
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
    // While the phone shares its location, the fill-up is placed where the phone is (issue 40).
    const fix = currentFix();
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as keyof Values;
        if (name in values && !errors[name]) setError(name, { type: "format", message: issue.message });
      }
      notify({ title: t("form.failed"), description: t("form.checkFields"), variant: "error" });
      return;
    }
    // Seven decimals (about a centimetre): a browser's fix has up to 15, more than the server takes (10).
    send(fix ? { ...fields, latitude: fix.lat.toFixed(7), longitude: fix.lon.toFixed(7) } : fields);
  };

  const send = (fields: Values & { latitude?: string; longitude?: string }, confirmDuplicate = false) =>
    log.mutate(
      { fields, receipt, confirmDuplicate },
      {
        onSuccess: (logged) => {
          if (isQueued(logged)) {
            // No network: kept on the phone with its receipt, listed as waiting, sent when it returns.
            notifyQueued(t);
            setDuplicate(null);
            close(false);
            return;
          }
          notify({
            title: t("form.logged"),
            description: t("form.loggedText", {
              gallons: t("units.gallons", { value: formatNumber(logged.gallons, 3) }),
              location: logged.location,
              amount: formatMoney(logged.totalAmount),
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
    <MoneyEntryDialog
      entry={entry}
      open={open}
      title={t("form.title")}
      description={t("form.description")}
      testId="fuel-form"
      onSubmit={onSubmit}
      submitLabel={t("form.submit")}
      submitTestId="fuel-submit"
      className="max-w-2xl max-sm:top-4 max-sm:max-h-[calc(100dvh-2rem)] max-sm:translate-y-0 max-sm:p-4"
      after={
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
      }
    >
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
        <DateField
          entry={entry}
          name="fueledAt"
          withTime
          max={toLocalInput(new Date())}
          label={t("fields.fueledAt")}
        />
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

      <TextField
        entry={entry}
        name="location"
        required
        maxLength={160}
        label={t("fields.location")}
        hint={positioned ? t("form.positionAttached") : t("form.locationHint")}
      />

      <div className="grid items-start gap-4 sm:grid-cols-2">
        {/* Under the state it completes: on a phone the status stays next to what is typed. */}
        <div className="grid gap-1.5">
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
          {positioned ? null : <PlaceStatus place={place} testId="fuel-place" />}
        </div>
        <TextField
          entry={entry}
          name="odometer"
          required
          inputMode="numeric"
          label={t("fields.odometer")}
          hint={t("form.odometerHint")}
        />
      </div>

      <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-3">
        <AmountField entry={entry} name="gallons" label={t("fields.gallons")} />
        <AmountField entry={entry} name="pricePerGallon" label={t("fields.pricePerGallon")} />
        <AmountField
          entry={entry}
          name="totalAmount"
          label={t("fields.totalAmount")}
          hint={t("form.totalHint")}
          className="col-span-2 sm:col-span-1"
          options={{ onChange: () => setTotalTouched(true) }}
        />
      </div>

      <ReceiptField
        label={t("fields.receipt")}
        accept={RECEIPT_ACCEPT}
        file={receipt}
        error={receiptError}
        hint={t("form.receiptHint")}
        chooseLabel={t("form.takePhoto")}
        chooseIcon={<Camera aria-hidden />}
        replaceLabel={t("form.replaceReceipt")}
        removeLabel={t("form.removeReceipt")}
        onChoose={chooseReceipt}
        onRemove={() => setReceipt(null)}
        showSize
        tall
        testId="fuel-receipt"
      />
    </MoneyEntryDialog>
  );
}
