import { TRAILER_TYPES, VEHICLE_STATUSES } from "@shared/fleet/fleet.schema";
import { type TrailerDetail, type TrailerFormInput, trailerFormSchema } from "@shared/fleet/trailers.schema";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { useSaveTrailer } from "../api/fleet";
import { AssetFormDialog, type AssetFormKind } from "../assets/asset-form-dialog";
import { useFleetMessages } from "../fleet-messages";

type In = z.input<typeof trailerFormSchema>;
type Out = z.output<typeof trailerFormSchema>;

const initialValues = (asset?: TrailerDetail): In =>
  ({
    identifier: asset?.identifier ?? "",
    type: asset?.type ?? "dry_van",
    size: asset?.size ?? "",
    vin: asset?.vin ?? "",
    plateNumber: asset?.plateNumber ?? "",
    plateState: asset?.plateState ?? "",
    year: asset?.year === null || asset?.year === undefined ? "" : String(asset.year),
    lastInspectionOn: asset?.lastInspectionOn ?? "",
    nextInspectionOn: asset?.nextInspectionOn ?? "",
    status: asset?.status ?? "active",
    notes: asset?.notes ?? "",
  }) as In;

/** A trailer's or container's fields. */
function TrailerFields({ form }: { form: UseFormReturn<In, unknown, Out> }) {
  const { t } = useTranslation("fleet");
  const messages = useFleetMessages();
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <div className="grid items-start gap-3 sm:grid-cols-3">
      <Field label={t("fields.identifier")} error={messages.field(errors.identifier)}>
        <Input
          autoComplete="off"
          aria-required
          {...register("identifier")}
          data-testid="trailer-identifier"
        />
      </Field>
      <Field label={t("fields.type")} error={messages.field(errors.type)}>
        <Select {...register("type")} data-testid="trailer-type">
          {TRAILER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`trailerTypes.${type}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("fields.size")} error={messages.field(errors.size)} hint={t("hints.size")}>
        <Input autoComplete="off" {...register("size")} />
      </Field>
      <Field
        label={t("fields.vin")}
        error={messages.field(errors.vin)}
        hint={t("hints.vin")}
        className="sm:col-span-2"
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          maxLength={17}
          className="font-mono uppercase"
          {...register("vin")}
          data-testid="trailer-vin"
        />
      </Field>
      <Field label={t("fields.year")} error={messages.field(errors.year)}>
        <Input inputMode="numeric" {...register("year")} />
      </Field>
      <Field label={t("fields.plateNumber")} error={messages.field(errors.plateNumber)}>
        <Input autoComplete="off" className="uppercase" {...register("plateNumber")} />
      </Field>
      <Field label={t("fields.plateState")} error={messages.field(errors.plateState)}>
        <Input autoComplete="off" className="uppercase" {...register("plateState")} />
      </Field>
      <Field label={t("fields.status")} error={messages.field(errors.status)}>
        <Select {...register("status")}>
          {VEHICLE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("fields.lastInspectionOn")} error={messages.field(errors.lastInspectionOn)}>
        <Input type="date" {...register("lastInspectionOn")} />
      </Field>
      <Field label={t("fields.nextInspectionOn")} error={messages.field(errors.nextInspectionOn)}>
        <Input type="date" {...register("nextInspectionOn")} data-testid="trailer-next-inspection" />
      </Field>
      <Field label={t("fields.notes")} error={messages.field(errors.notes)} className="sm:col-span-3">
        <Textarea rows={2} {...register("notes")} />
      </Field>
    </div>
  );
}

const trailerForm: AssetFormKind<In, Out, TrailerFormInput, TrailerDetail> = {
  name: "trailer",
  schema: trailerFormSchema,
  initialValues,
  useSave: useSaveTrailer,
  body: (values) => values,
  savedText: (saved, t) => t("trailer.savedText", { identifier: saved.identifier }),
  layout: { dialog: "max-w-2xl", form: "gap-4" },
  Fields: TrailerFields,
};

/** Add or edit a trailer or container. */
export function TrailerFormDialog({
  trailer,
  ...props
}: {
  onOpenChange: (open: boolean) => void;
  trailer?: TrailerDetail;
  onSaved?: (t: TrailerDetail) => void;
}) {
  return <AssetFormDialog kind={trailerForm} asset={trailer} {...props} />;
}
