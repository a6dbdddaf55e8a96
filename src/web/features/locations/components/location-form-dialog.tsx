import { zodResolver } from "@hookform/resolvers/zod";
import { type Location, type LocationInput, locationInputSchema } from "@shared/locations/locations.schema";
import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { type Resolver, useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PlaceStatus } from "../../../components/geo/place-status";
import { usePlaceLookup } from "../../../components/geo/use-place-lookup";
import { CustomerPicker } from "../../../components/pickers/entity-pickers";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { describeError } from "../../../lib/api-errors";
import { showServerErrors } from "../../../lib/form-errors";
import { notify } from "../../../lib/toast";
import { useSaveLocation } from "../api/locations";

type Values = Required<Omit<LocationInput, "customerId">> & { customerId: string | null };
const FIELDS = [
  "name",
  "address",
  "city",
  "state",
  "postalCode",
  "contactName",
  "contactPhone",
  "hours",
  "notes",
  "customerId",
] as const;
const REQUIRED = new Set(["name", "address", "city", "state"]);
const valuesOf = (l: Location | null): Values => ({
  name: l?.name ?? "",
  address: l?.address ?? "",
  city: l?.city ?? "",
  state: l?.state ?? "",
  postalCode: l?.postalCode ?? "",
  contactName: l?.contactName ?? "",
  contactPhone: l?.contactPhone ?? "",
  hours: l?.hours ?? "",
  notes: l?.notes ?? "",
  customerId: l?.customerId ?? null,
});

/** A saved place: address, who to call, dock hours, notes, and the customer it usually ships for. */
export function LocationFormDialog({
  open,
  location,
  onOpenChange,
}: {
  open: boolean;
  location: Location | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("locations");
  const save = useSaveLocation(location?.id);
  const { register, handleSubmit, formState, setError, reset, control, watch } = useForm<Values>({
    resolver: zodResolver(locationInputSchema) as unknown as Resolver<Values>,
    defaultValues: valuesOf(location),
  });
  const customer = useController({ control, name: "customerId" }).field;
  // Where the typed address is, before it is saved (issue 40).
  const [address, city, state, postalCode] = watch(["address", "city", "state", "postalCode"]);
  const { place } = usePlaceLookup({ address, city, state, postalCode });
  const [customerLabel, setCustomerLabel] = useState<string | undefined>();
  useEffect(() => {
    if (!open) return;
    reset(valuesOf(location));
    setCustomerLabel(location?.customerName ?? undefined);
  }, [open, location, reset]);

  const err = (name: (typeof FIELDS)[number]) => {
    const e = formState.errors[name];
    if (!e) return undefined;
    if (e.type === "server") return e.message;
    return REQUIRED.has(name) && e.type === "too_small" ? t("validation.required") : t("validation.invalid");
  };
  const onSubmit = (values: Values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        notify({ title: t("saved", { name: saved.name }), variant: "success" });
        onOpenChange(false);
      },
      onError: (error) => {
        showServerErrors(setError, FIELDS, error);
        notify({ title: t("saveFailed"), description: describeError(error, t), variant: "error" });
      },
    });
  const text = (name: (typeof FIELDS)[number], className?: string) => (
    <Field label={t(`fields.${name}`)} error={err(name)} required={REQUIRED.has(name)} className={className}>
      <Input {...register(name)} autoComplete="off" data-testid={`location-${name}`} />
    </Field>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !save.isPending && onOpenChange(o)}
      title={t(location ? "editTitle" : "newTitle")}
      description={t("formDescription")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" data-testid="location-form">
        <div className="grid items-start gap-4 sm:grid-cols-6">
          {text("name", "sm:col-span-6")}
          {text("address", "sm:col-span-6")}
          {text("city", "sm:col-span-3")}
          {text("state", "sm:col-span-1")}
          {text("postalCode", "sm:col-span-2")}
          <PlaceStatus place={place} className="sm:col-span-6" testId="location-place" />
          {text("contactName", "sm:col-span-3")}
          {text("contactPhone", "sm:col-span-3")}
          {text("hours", "sm:col-span-6")}
          <Field label={t("fields.customerId")} hint={t("customerHint")} className="sm:col-span-6">
            <CustomerPicker
              value={customer.value}
              selectedLabel={customerLabel}
              onChange={(id, row) => {
                customer.onChange(id);
                setCustomerLabel(row?.companyName);
              }}
            />
          </Field>
          <Field label={t("fields.notes")} error={err("notes")} className="sm:col-span-6">
            <Textarea rows={3} {...register("notes")} />
          </Field>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="save-location">
            {save.isPending ? <Spinner className="text-current" /> : <Save aria-hidden />}
            {t("common:actions.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
