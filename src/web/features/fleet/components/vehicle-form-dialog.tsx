import { FUEL_TYPES, VEHICLE_STATUSES } from "@shared/fleet/fleet.schema";
import {
  type CreateVehicleInput,
  createVehicleSchema,
  type VehicleDetail,
  VIN_PATTERN,
  vinCheckDigitMatches,
} from "@shared/fleet/vehicles.schema";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { useSaveVehicle } from "../api/fleet";
import { AssetFormDialog, type AssetFormKind } from "../assets/asset-form-dialog";
import { useFleetMessages } from "../fleet-messages";
import { emptySchedule, ScheduleRows } from "./schedule-rows";

type In = z.input<typeof createVehicleSchema>;
type Out = z.output<typeof createVehicleSchema>;

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));

function initialValues(v?: VehicleDetail): In {
  return {
    unitNumber: v?.unitNumber ?? "",
    plateNumber: v?.plateNumber ?? "",
    plateState: v?.plateState ?? "",
    plateExpiresOn: v?.plateExpiresOn ?? "",
    make: v?.make ?? "",
    model: v?.model ?? "",
    year: str(v?.year),
    vin: v?.vin ?? "",
    fuelType: v?.fuelType ?? "diesel",
    insuranceExpiresOn: v?.insuranceExpiresOn ?? "",
    lastTireChangeOn: v?.lastTireChangeOn ?? "",
    mileage: str(v?.mileage),
    transponder: v?.transponder ?? "",
    telematicsId: v?.telematicsId ?? "",
    status: v?.status ?? "active",
    notes: v?.notes ?? "",
    // A new truck starts with the two services every fleet tracks; edit schedules on its page.
    schedules: v ? undefined : [emptySchedule("oil_change"), emptySchedule("annual_inspection")],
  } as In;
}

/** A vehicle's fields: identity and odometer, papers, and a new truck's first schedules. */
function VehicleFields({ form, asset }: { form: UseFormReturn<In, unknown, Out>; asset?: VehicleDetail }) {
  const { t } = useTranslation("fleet");
  const messages = useFleetMessages();
  const { register, formState, control, watch } = form;
  const errors = formState.errors;
  const vin = String(watch("vin") ?? "")
    .trim()
    .toUpperCase();
  const vinHint =
    VIN_PATTERN.test(vin) && !vinCheckDigitMatches(vin) ? t("hints.vinCheckDigit") : t("hints.vin");
  return (
    <>
      <section className="grid items-start gap-3 sm:grid-cols-3">
        <Field label={t("fields.unitNumber")} error={messages.field(errors.unitNumber)}>
          <Input autoComplete="off" aria-required {...register("unitNumber")} data-testid="vehicle-unit" />
        </Field>
        <Field label={t("fields.status")} error={messages.field(errors.status)}>
          <Select {...register("status")} data-testid="vehicle-status">
            {VEHICLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("fields.fuelType")} error={messages.field(errors.fuelType)}>
          <Select {...register("fuelType")}>
            {FUEL_TYPES.map((f) => (
              <option key={f} value={f}>
                {t(`fuelTypes.${f}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("fields.make")} error={messages.field(errors.make)}>
          <Input autoComplete="off" {...register("make")} data-testid="vehicle-make" />
        </Field>
        <Field label={t("fields.model")} error={messages.field(errors.model)}>
          <Input autoComplete="off" {...register("model")} data-testid="vehicle-model" />
        </Field>
        <Field label={t("fields.year")} error={messages.field(errors.year)}>
          <Input inputMode="numeric" autoComplete="off" {...register("year")} data-testid="vehicle-year" />
        </Field>
        <Field
          label={t("fields.vin")}
          error={messages.field(errors.vin)}
          hint={vinHint}
          className="sm:col-span-2"
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            maxLength={17}
            className="font-mono uppercase"
            {...register("vin")}
            data-testid="vehicle-vin"
          />
        </Field>
        <Field label={t("fields.mileage")} error={messages.field(errors.mileage)} hint={t("hints.mileage")}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            {...register("mileage")}
            data-testid="vehicle-mileage"
          />
        </Field>
      </section>

      <section className="grid items-start gap-3 sm:grid-cols-3">
        <h3 className="text-sm font-semibold text-slate-900 sm:col-span-3">{t("vehicle.papers")}</h3>
        <Field label={t("fields.plateNumber")} error={messages.field(errors.plateNumber)}>
          <Input
            autoComplete="off"
            className="uppercase"
            {...register("plateNumber")}
            data-testid="vehicle-plate"
          />
        </Field>
        <Field label={t("fields.plateState")} error={messages.field(errors.plateState)}>
          <Input autoComplete="off" className="uppercase" {...register("plateState")} />
        </Field>
        <Field label={t("fields.plateExpiresOn")} error={messages.field(errors.plateExpiresOn)}>
          <Input type="date" {...register("plateExpiresOn")} data-testid="vehicle-plate-expires" />
        </Field>
        <Field label={t("fields.insuranceExpiresOn")} error={messages.field(errors.insuranceExpiresOn)}>
          <Input type="date" {...register("insuranceExpiresOn")} data-testid="vehicle-insurance-expires" />
        </Field>
        <Field label={t("fields.lastTireChangeOn")} error={messages.field(errors.lastTireChangeOn)}>
          <Input type="date" {...register("lastTireChangeOn")} />
        </Field>
        <Field
          label={t("fields.transponder")}
          error={messages.field(errors.transponder)}
          hint={t("hints.transponder")}
        >
          <Input autoComplete="off" {...register("transponder")} data-testid="vehicle-transponder" />
        </Field>
        <Field
          label={t("fields.telematicsId")}
          error={messages.field(errors.telematicsId)}
          hint={t("hints.telematicsId")}
        >
          <Input autoComplete="off" {...register("telematicsId")} data-testid="vehicle-telematics-id" />
        </Field>
        <Field label={t("fields.notes")} error={messages.field(errors.notes)} className="sm:col-span-3">
          <Textarea rows={2} {...register("notes")} />
        </Field>
      </section>

      {!asset ? (
        <section className="grid gap-2">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">{t("schedules.title")}</h3>
            <p className="text-xs text-slate-500">{t("schedules.description")}</p>
          </div>
          <ScheduleRows control={control} register={register} errors={errors} />
        </section>
      ) : null}
    </>
  );
}

const vehicleForm: AssetFormKind<In, Out, CreateVehicleInput, VehicleDetail> = {
  name: "vehicle",
  schema: createVehicleSchema,
  initialValues,
  useSave: useSaveVehicle,
  body: (values, vehicle) => {
    const body = { ...values } as CreateVehicleInput;
    if (vehicle) delete body.schedules;
    return body;
  },
  savedText: (saved, t) => t("vehicle.savedText", { unit: saved.unitNumber }),
  layout: { dialog: "max-w-3xl", form: "gap-5" },
  Fields: VehicleFields,
};

/** Add or edit a vehicle; a new one may get its maintenance schedules right away. */
export function VehicleFormDialog({
  vehicle,
  ...props
}: {
  onOpenChange: (open: boolean) => void;
  vehicle?: VehicleDetail;
  onSaved?: (v: VehicleDetail) => void;
}) {
  return <AssetFormDialog kind={vehicleForm} asset={vehicle} {...props} />;
}
