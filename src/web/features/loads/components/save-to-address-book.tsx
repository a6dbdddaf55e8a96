import { BookMarked, BookPlus } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { describeError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useSaveLocation } from "../../locations/api/locations";
import type { LoadFormValues } from "./load-form-values";

/** Saves a typed stop into the address book (linked from then on), or says it came from there. */
export function SaveToAddressBook({ form, index }: { form: UseFormReturn<LoadFormValues>; index: number }) {
  const { t } = useTranslation("loads");
  const save = useSaveLocation();
  const stop = form.watch(`stops.${index}`);
  if (!stop) return null;
  if (stop.locationId)
    return (
      <p className="col-span-2 flex items-center gap-1.5 text-sm text-emerald-700 lg:col-span-6">
        <BookMarked className="size-4" aria-hidden />
        {t("stops.fromAddressBook")}
      </p>
    );
  const ready = [stop.locationName, stop.address, stop.city, stop.state].every((v) => v.trim());
  const onSave = () =>
    save.mutate(
      {
        name: stop.locationName,
        address: stop.address,
        city: stop.city,
        state: stop.state,
        postalCode: stop.postalCode,
        contactName: stop.contactName,
        contactPhone: stop.contactPhone,
        customerId: form.getValues("customerId"),
      },
      {
        onSuccess: (location) => {
          form.setValue(`stops.${index}.locationId`, location.id);
          notify({ title: t("stops.savedToAddressBook", { name: location.name }) });
        },
        onError: (error) =>
          notify({
            title: t("actions.failed"),
            description: describeError(error, t),
            variant: "error",
          }),
      },
    );
  return (
    <div className="col-span-2 lg:col-span-6">
      <Button
        variant="ghost"
        size="sm"
        onClick={onSave}
        disabled={!ready || save.isPending}
        data-testid={`stop-${index}-save-location`}
      >
        <BookPlus aria-hidden />
        {t("stops.saveToAddressBook")}
      </Button>
    </div>
  );
}
