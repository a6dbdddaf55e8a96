import { zodResolver } from "@hookform/resolvers/zod";
import { assignAssetsSchema } from "@shared/assignments/assignments.schema";
import type { TrailerOption, VehicleOption } from "@shared/fleet/fleet.schema";
import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useLookup } from "../../../components/pickers/lookups";
import { Button } from "../../../components/ui/button";
import { Combobox, type ComboboxOption } from "../../../components/ui/combobox";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { usePickerSearch } from "../../../lib/use-picker-search";
import { useAssignAssets, useAssignments } from "../api/assignments";
import { useAssignmentMessages } from "../assignment-messages";
import { NewTrailerForm, NewVehicleForm } from "./new-asset-forms";

type FormInput = z.input<typeof assignAssetsSchema>;
type FormOutput = z.output<typeof assignAssetsSchema>;
const EMPTY: FormInput = { driverId: "", vehicleId: null, trailerId: null, notes: "" };

export function AssignAssetsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("assignments");
  const messages = useAssignmentMessages();
  const assign = useAssignAssets();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(assignAssetsSchema),
    defaultValues: EMPTY,
  });
  const { control, handleSubmit, register, formState, setError, setValue, watch, reset, getFieldState } =
    form;
  const errors = formState.errors;
  const driverId = watch("driverId");
  const driverField = useController({ control, name: "driverId" }).field;
  const vehicleField = useController({ control, name: "vehicleId" }).field;
  const trailerField = useController({ control, name: "trailerId" }).field;

  const driverSearch = usePickerSearch();
  const vehicleSearch = usePickerSearch();
  const trailerSearch = usePickerSearch();
  const drivers = useLookup("drivers", driverSearch.q, open);
  const vehicles = useLookup("vehicles", vehicleSearch.q, open);
  const trailers = useLookup("trailers", trailerSearch.q, open);
  const [adding, setAdding] = useState<"vehicle" | "trailer" | null>(null);
  // Labels of assets created here: the picker shows them before the options list refetches.
  const [created, setCreated] = useState<{ vehicle?: string; trailer?: string }>({});

  // The chosen driver's current assets prefill the pickers, unless the user picked already.
  const current = useAssignments({ state: "current", driverId, page: 1, pageSize: 10 }, open && !!driverId);
  const currentAssignment = driverId ? current.data?.items[0] : undefined;
  const prefilledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!driverId || current.isPlaceholderData || !current.data || prefilledFor.current === driverId) return;
    prefilledFor.current = driverId;
    const a = current.data.items[0];
    if (!getFieldState("vehicleId").isDirty) setValue("vehicleId", a?.vehicleId ?? null);
    if (!getFieldState("trailerId").isDirty) setValue("trailerId", a?.trailerId ?? null);
  }, [driverId, current.data, current.isPlaceholderData, getFieldState, setValue]);

  const close = (next: boolean) => {
    if (assign.isPending) return;
    onOpenChange(next);
    if (!next) {
      reset(EMPTY);
      assign.reset();
      setAdding(null);
      setCreated({});
      prefilledFor.current = null;
      for (const s of [driverSearch, vehicleSearch, trailerSearch]) s.setSearch("");
    }
  };

  const onValid = (values: FormOutput) =>
    assign.mutate(values, {
      onSuccess: (a) => {
        const assets = [
          a.vehicleLabel ? t("toast.vehicle", { unit: a.vehicleLabel }) : null,
          a.trailerLabel ? t("toast.trailer", { identifier: a.trailerLabel }) : null,
        ].filter(Boolean);
        notify({
          title: t("toast.assigned"),
          description: t("toast.assignedText", { driver: a.driverName, assets: assets.join(" + ") }),
          variant: "success",
        });
        close(false);
      },
      onError: (error) => {
        const message = messages.error(error);
        if (isApiError(error, 409) || isApiError(error, 400)) {
          const conflict = error.status === 409;
          for (const name of ["driverId", "vehicleId", "trailerId"] as const) {
            const fieldMessage = error.fields[name];
            if (fieldMessage) setError(name, { type: "server", message: conflict ? message : fieldMessage });
          }
        }
        // The spec's title for any failure here.
        notify({ title: t("toast.saveFailed"), description: message, variant: "error" });
      },
    });

  const onInvalid = () =>
    notify({
      title: t("common:errors.missingInformation"),
      description: t("form.missing"),
      variant: "error",
    });

  const driverUnavailable = drivers.isError && !drivers.data;
  const driverOptions: ComboboxOption[] = (drivers.data ?? []).map((d) => ({
    value: d.id,
    label: d.fullName,
    description: [t(`driverStatus.${d.status}`, { defaultValue: d.status }), d.vehicleLabel, d.trailerLabel]
      .filter(Boolean)
      .join(" · "),
  }));
  const holderNote = (o: { assignedDriverId: string | null; assignedDriverName: string | null }) =>
    !o.assignedDriverId
      ? t("picker.free")
      : o.assignedDriverId === driverId
        ? t("picker.thisDriver")
        : t("picker.assignedTo", { driver: o.assignedDriverName });
  const vehicleOptions: ComboboxOption[] = (vehicles.data ?? []).map((v: VehicleOption) => ({
    value: v.id,
    label: v.unitNumber,
    description: [[v.make, v.model].filter(Boolean).join(" "), v.plateNumber, holderNote(v)]
      .filter(Boolean)
      .join(" · "),
  }));
  const trailerOptions: ComboboxOption[] = (trailers.data ?? []).map((tr: TrailerOption) => ({
    value: tr.id,
    label: tr.identifier,
    description: [t(`trailerTypes.${tr.type}`), tr.size, holderNote(tr)].filter(Boolean).join(" · "),
  }));
  const pickerLabels = (kind: "driver" | "vehicle" | "trailer") => ({
    search: t(`picker.search.${kind}`),
    empty: t(`picker.empty.${kind}`),
    clear: t("picker.clear"),
    loading: t("common:loading"),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("assign.title")}
      description={t("assign.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-xl"
    >
      <form
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="grid gap-4"
        data-testid="assign-form"
      >
        <Field label={t("fields.driver")} error={messages.field(errors.driverId?.message)}>
          <Combobox
            value={driverField.value || null}
            onChange={(value) => {
              driverField.onChange(value ?? "");
              prefilledFor.current = null;
            }}
            options={driverOptions}
            search={driverSearch.search}
            onSearchChange={driverSearch.setSearch}
            loading={drivers.isFetching || driverSearch.typing}
            placeholder={t("picker.chooseDriver")}
            labels={pickerLabels("driver")}
            disabled={driverUnavailable}
          />
        </Field>
        {driverUnavailable ? <Alert tone="warning">{t("picker.driversUnavailable")}</Alert> : null}
        {driverId && currentAssignment ? (
          <p className="-mt-2 text-xs text-slate-500" data-testid="current-assets">
            {t("assign.current", {
              assets: [currentAssignment.vehicleLabel, currentAssignment.trailerLabel]
                .filter(Boolean)
                .join(" + "),
            })}
          </p>
        ) : null}

        <div className="grid gap-2">
          <Field label={t("fields.vehicle")} error={messages.field(errors.vehicleId?.message)}>
            <Combobox
              value={vehicleField.value ?? null}
              selectedLabel={
                created.vehicle ??
                (currentAssignment?.vehicleId === vehicleField.value
                  ? currentAssignment?.vehicleLabel
                  : undefined) ??
                undefined
              }
              onChange={(value) => vehicleField.onChange(value)}
              options={vehicleOptions}
              search={vehicleSearch.search}
              onSearchChange={vehicleSearch.setSearch}
              loading={vehicles.isFetching || vehicleSearch.typing}
              placeholder={t("picker.chooseVehicle")}
              labels={pickerLabels("vehicle")}
            />
          </Field>
          {adding === "vehicle" ? (
            <NewVehicleForm
              onCancel={() => setAdding(null)}
              onCreated={(v) => {
                setCreated((c) => ({ ...c, vehicle: v.unitNumber }));
                setValue("vehicleId", v.id, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                setAdding(null);
              }}
            />
          ) : (
            <Button
              variant="link"
              size="sm"
              className="h-auto justify-self-start px-0"
              onClick={() => setAdding("vehicle")}
            >
              <Plus aria-hidden />
              {t("newVehicle.open")}
            </Button>
          )}
        </div>

        <div className="grid gap-2">
          <Field label={t("fields.trailer")} error={messages.field(errors.trailerId?.message)}>
            <Combobox
              value={trailerField.value ?? null}
              selectedLabel={
                created.trailer ??
                (currentAssignment?.trailerId === trailerField.value
                  ? currentAssignment?.trailerLabel
                  : undefined) ??
                undefined
              }
              onChange={(value) => trailerField.onChange(value)}
              options={trailerOptions}
              search={trailerSearch.search}
              onSearchChange={trailerSearch.setSearch}
              loading={trailers.isFetching || trailerSearch.typing}
              placeholder={t("picker.chooseTrailer")}
              labels={pickerLabels("trailer")}
            />
          </Field>
          {adding === "trailer" ? (
            <NewTrailerForm
              onCancel={() => setAdding(null)}
              onCreated={(tr) => {
                setCreated((c) => ({ ...c, trailer: tr.identifier }));
                setValue("trailerId", tr.id, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                setAdding(null);
              }}
            />
          ) : (
            <Button
              variant="link"
              size="sm"
              className="h-auto justify-self-start px-0"
              onClick={() => setAdding("trailer")}
            >
              <Plus aria-hidden />
              {t("newTrailer.open")}
            </Button>
          )}
        </div>

        <Field label={t("fields.notes")} hint={t("assign.notesHint")}>
          <Textarea rows={2} maxLength={500} {...register("notes")} />
        </Field>

        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={assign.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={assign.isPending || adding !== null}>
            {assign.isPending ? <Spinner className="text-current" /> : null}
            {t("assign.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
