import { zodResolver } from "@hookform/resolvers/zod";
import {
  TRAILER_TYPES,
  type TrailerOption,
  trailerInputSchema,
  type VehicleOption,
  vehicleInputSchema,
} from "@shared/fleet/fleet.schema";
import type { KeyboardEvent, ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useCreateTrailer, useCreateVehicle } from "../api/assignments";
import { useAssignmentMessages } from "../assignment-messages";

/**
 * The inline forms sit inside the assign dialog's form, where Enter would submit the outer one:
 * their fields submit their own form instead.
 */
const submitOnEnter = (submit: () => void) => (e: KeyboardEvent) => {
  if (e.key === "Enter") {
    e.preventDefault();
    e.stopPropagation();
    submit();
  }
};

function MiniForm({
  title,
  children,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
  testId,
}: {
  title: string;
  children: ReactNode;
  pending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation("assignments");
  return (
    <fieldset
      className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3"
      data-testid={testId}
      onKeyDown={submitOnEnter(onSubmit)}
    >
      <legend className="px-1 text-sm font-medium text-slate-700">{title}</legend>
      {children}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
          {t("common:actions.cancel")}
        </Button>
        <Button size="sm" onClick={onSubmit} disabled={pending}>
          {pending ? <Spinner className="text-current" /> : null}
          {submitLabel}
        </Button>
      </div>
    </fieldset>
  );
}

type VehicleIn = z.input<typeof vehicleInputSchema>;
type VehicleOut = z.output<typeof vehicleInputSchema>;

export function NewVehicleForm({
  onCreated,
  onCancel,
}: {
  onCreated: (vehicle: VehicleOption) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("assignments");
  const messages = useAssignmentMessages();
  const create = useCreateVehicle();
  const { register, handleSubmit, formState, setError } = useForm<VehicleIn, unknown, VehicleOut>({
    resolver: zodResolver(vehicleInputSchema),
    defaultValues: { unitNumber: "", make: "", model: "", plateNumber: "" },
  });
  const errors = formState.errors;
  const submit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (vehicle) => {
        notify({
          title: t("newVehicle.created"),
          description: t("newVehicle.createdText", { unit: vehicle.unitNumber }),
          variant: "success",
        });
        onCreated(vehicle);
      },
      onError: (error) => {
        if (isApiError(error, 409))
          setError("unitNumber", { type: "server", message: messages.error(error) });
        notify({ title: t("newVehicle.failed"), description: messages.error(error), variant: "error" });
      },
    }),
  );
  return (
    <MiniForm
      title={t("newVehicle.title")}
      pending={create.isPending}
      submitLabel={t("newVehicle.submit")}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      testId="new-vehicle-form"
    >
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <Field label={t("newVehicle.unitNumber")} error={messages.field(errors.unitNumber?.message)}>
          <Input autoFocus aria-required autoComplete="off" {...register("unitNumber")} />
        </Field>
        <Field label={t("newVehicle.plateNumber")}>
          <Input autoComplete="off" {...register("plateNumber")} />
        </Field>
        <Field label={t("newVehicle.make")}>
          <Input autoComplete="off" {...register("make")} />
        </Field>
        <Field label={t("newVehicle.model")}>
          <Input autoComplete="off" {...register("model")} />
        </Field>
      </div>
    </MiniForm>
  );
}

type TrailerIn = z.input<typeof trailerInputSchema>;
type TrailerOut = z.output<typeof trailerInputSchema>;

export function NewTrailerForm({
  onCreated,
  onCancel,
}: {
  onCreated: (trailer: TrailerOption) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("assignments");
  const messages = useAssignmentMessages();
  const create = useCreateTrailer();
  const { register, handleSubmit, formState, setError } = useForm<TrailerIn, unknown, TrailerOut>({
    resolver: zodResolver(trailerInputSchema),
    defaultValues: { identifier: "", type: "dry_van", size: "" },
  });
  const errors = formState.errors;
  const submit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (trailer) => {
        notify({
          title: t("newTrailer.created"),
          description: t("newTrailer.createdText", { identifier: trailer.identifier }),
          variant: "success",
        });
        onCreated(trailer);
      },
      onError: (error) => {
        if (isApiError(error, 409))
          setError("identifier", { type: "server", message: messages.error(error) });
        notify({ title: t("newTrailer.failed"), description: messages.error(error), variant: "error" });
      },
    }),
  );
  return (
    <MiniForm
      title={t("newTrailer.title")}
      pending={create.isPending}
      submitLabel={t("newTrailer.submit")}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      testId="new-trailer-form"
    >
      <div className="grid items-start gap-3 sm:grid-cols-3">
        <Field label={t("newTrailer.identifier")} error={messages.field(errors.identifier?.message)}>
          <Input autoFocus aria-required autoComplete="off" {...register("identifier")} />
        </Field>
        <Field label={t("newTrailer.type")}>
          <Select {...register("type")}>
            {TRAILER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`trailerTypes.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("newTrailer.size")}>
          <Input autoComplete="off" placeholder={t("newTrailer.sizeHint")} {...register("size")} />
        </Field>
      </div>
    </MiniForm>
  );
}
