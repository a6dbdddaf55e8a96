import { type Toll, tollInputSchema } from "@shared/tolls/tolls.schema";
import { useTranslation } from "react-i18next";
import {
  AmountField,
  DateField,
  NotesField,
  PickerField,
  TextField,
  TruckDriverFields,
} from "../../../components/money-entry/entry-fields";
import { MoneyEntryDialog } from "../../../components/money-entry/money-entry-dialog";
import { useEntryForm } from "../../../components/money-entry/use-entry-form";
import { localInputToIso, toLocalInput } from "../../../lib/datetime";
import { formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useSaveToll } from "../api/tolls";
import { useTollMessages } from "../toll-messages";
import { LoadPicker } from "./load-picker";

interface Values {
  occurredAt: string;
  location: string;
  transponder: string;
  amount: string;
  vehicleId: string;
  driverId: string;
  loadId: string;
  notes: string;
}
const FIELDS = [
  "occurredAt",
  "location",
  "transponder",
  "amount",
  "vehicleId",
  "driverId",
  "loadId",
  "notes",
] as const;

const fromToll = (toll: Toll | null): Values => ({
  occurredAt: toLocalInput(toll?.occurredAt ?? null),
  location: toll?.location ?? "",
  transponder: toll?.transponder ?? "",
  amount: toll?.amount ?? "",
  vehicleId: toll?.vehicleId ?? "",
  driverId: toll?.driverId ?? "",
  loadId: toll?.loadId ?? "",
  notes: toll?.notes ?? "",
});

/** Record a toll by hand, or edit one (e.g. put an unmatched import on the right truck). */
export function TollFormDialog({
  open,
  toll,
  onOpenChange,
}: {
  open: boolean;
  /** The toll to edit; null to record a new one. */
  toll: Toll | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("tolls");
  const messages = useTollMessages();
  const save = useSaveToll(toll?.id);
  const entry = useEntryForm<Values>({
    open,
    onOpenChange,
    record: toll,
    values: () => fromToll(toll),
    fields: FIELDS,
    messages,
    pending: save.isPending,
    onClosed: save.reset,
  });

  const onSubmit = (values: Values) => {
    entry.form.clearErrors();
    const body = { ...values, occurredAt: localInputToIso(values.occurredAt) };
    const parsed = tollInputSchema.safeParse(body);
    if (!parsed.success) {
      const missing = !values.occurredAt || !values.location.trim() || !values.amount.trim();
      return entry.refuse(parsed.error, {
        title: missing ? t("common:errors.missingInformation") : t("form.failed"),
        description: missing ? t("form.missingText") : t("common:errors.missingInformationText"),
      });
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        notify({
          title: t("form.saved"),
          description: t("form.savedText", { amount: formatMoney(saved.amount), location: saved.location }),
          variant: "success",
        });
        entry.close(false);
      },
      onError: (error) => entry.fail(error, t("form.failed")),
    });
  };

  return (
    <MoneyEntryDialog
      entry={entry}
      open={open}
      title={t(toll ? "form.editTitle" : "form.newTitle")}
      description={t("form.description")}
      testId="toll-form"
      onSubmit={onSubmit}
      submitLabel={t(toll ? "form.submitEdit" : "form.submitNew")}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <DateField entry={entry} name="occurredAt" withTime label={t("fields.occurredAt")} />
        <AmountField entry={entry} name="amount" label={t("fields.amount")} />
      </div>
      <TextField entry={entry} name="location" required maxLength={160} label={t("fields.location")} />
      <TextField
        entry={entry}
        name="transponder"
        maxLength={40}
        label={t("fields.transponder")}
        hint={t("form.transponderHint")}
      />
      <TruckDriverFields
        entry={entry}
        vehicle={{
          label: t("fields.vehicle"),
          selectedLabel: toll?.vehicleLabel,
          placeholder: t("form.chooseVehicle"),
        }}
        driver={{
          label: t("fields.driver"),
          selectedLabel: toll?.driverName,
          placeholder: t("form.chooseDriver"),
        }}
      />
      <PickerField entry={entry} name="loadId" label={t("fields.load")} selectedLabel={toll?.loadNumber}>
        {(slot) => <LoadPicker {...slot} placeholder={t("form.chooseLoad")} />}
      </PickerField>
      <NotesField
        entry={entry}
        name="notes"
        label={t("fields.notes")}
        hint={t("form.notesHint")}
        maxLength={500}
      />
    </MoneyEntryDialog>
  );
}
