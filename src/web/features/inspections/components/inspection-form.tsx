import {
  DRIVER_INSPECTION_TYPES,
  hasDefects,
  INSPECTION_ASSET_TYPES,
  INSPECTION_STATUSES,
  INSPECTION_TYPES,
  type InspectableAsset,
  type InspectionAssetType,
  type InspectionDetail,
} from "@shared/inspections/inspections.schema";
import { Container, Send, Truck } from "lucide-react";
import { useEffect, useState } from "react";
import { type FieldErrors, type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { SectionCard } from "../../../components/ui/card";
import { Combobox } from "../../../components/ui/combobox";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import type { Queued } from "../../../lib/outbox/outbox";
import { notify } from "../../../lib/toast";
import { usePickerSearch } from "../../../lib/use-picker-search";
import { useFileInspection, useInspectableAssets, useInspectionDrivers } from "../api/inspections";
import { useInspectionFieldMessage, useInspectionMessage } from "../inspection-messages";
import { ChecklistSection } from "./checklist-section";
import { ChoiceCard } from "./choice-card";
import { useAssetDescription } from "./inspection-badges";
import {
  emptyChecklist,
  emptyInspection,
  flattenErrors,
  type InspectionFormValues,
  inspectionFormResolver,
  toInspectionInput,
} from "./inspection-form-values";
import { PhotoPicker, shrinkPhoto } from "./photo-picker";

/** Where an error sits, named for the "please check" toast. */
function sectionOf(path: string): "asset" | "details" | "checklist" | "result" | "photos" {
  if (path === "vehicleId" || path === "trailerId" || path === "assetType") return "asset";
  if (path.startsWith("checklist")) return "checklist";
  if (path === "overallStatus" || path === "comments") return "result";
  if (path === "images") return "photos";
  return "details";
}

/**
 * Filing an inspection. A driver picks one of the assets assigned to them and files a pre-trip or
 * post-trip report as themselves; staff search any vehicle or trailer, any type, and name the
 * inspector. Validation is the shared `createInspectionSchema`, run on what the request carries;
 * the server's field errors land on the same inputs, and the form keeps its data on any error.
 */
export function InspectionForm({
  staff,
  myName,
  onFiled,
  onCancel,
}: {
  staff: boolean;
  myName: string;
  /** Filed, or kept on the phone for lack of network (`{ queued }`: sent when it returns). */
  onFiled: (detail: InspectionDetail | Queued) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation("inspections");
  const form = useForm<InspectionFormValues>({
    resolver: inspectionFormResolver(staff),
    defaultValues: emptyInspection({ inspectorName: staff ? myName : "" }),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { register, handleSubmit, formState, setError, watch, setValue, getValues } = form;
  const [photos, setPhotos] = useState<File[]>([]);
  const file = useFileInspection();
  const fieldMessage = useInspectionFieldMessage();
  const knownMessage = useInspectionMessage();
  const errorAt = (path: Path<InspectionFormValues>) =>
    fieldMessage(flattenErrors(formState.errors).find(([p]) => p === path)?.[1]);

  const assetType = watch("assetType");
  const checklist = watch("checklist");
  const overallStatus = watch("overallStatus");
  const anyFailed = checklist.some((e) => e.result === "fail");

  // A failed item rules out "pass": the inspector then says whether the asset may still run.
  useEffect(() => {
    if (anyFailed && getValues("overallStatus") === "pass") setValue("overallStatus", "");
  }, [anyFailed, getValues, setValue]);

  const chooseAssetType = (next: InspectionAssetType) => {
    if (next === getValues("assetType")) return;
    setValue("assetType", next);
    setValue("checklist", emptyChecklist(next));
    if (next === "trailer") setValue("odometer", "");
    if (getValues("overallStatus") !== "") setValue("overallStatus", "");
  };

  const onInvalid = (errors: FieldErrors<InspectionFormValues>) => {
    const sections = [...new Set(flattenErrors(errors).map(([p]) => sectionOf(p.replace(/\.root$/, ""))))];
    notify({
      title: t("form.invalidTitle"),
      description: t("form.invalidText", {
        sections: new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(
          sections.map((s) => t(`form.sections.${s}`)),
        ),
      }),
      variant: "error",
    });
  };

  const onValid = async () => {
    const input = toInspectionInput(getValues(), staff);
    try {
      const ready = await Promise.all(photos.map(shrinkPhoto));
      const detail = await file.mutateAsync({ input, photos: ready });
      onFiled(detail);
    } catch (error) {
      if (isApiError(error, 400) && Object.keys(error.fields).length > 0) {
        const entries = Object.entries(error.fields);
        for (const [path, text] of entries)
          setError(path as Path<InspectionFormValues>, { type: "server", message: text });
        notify({
          title: t("form.invalidTitle"),
          description: knownMessage(entries[0][1]) ?? t("form.invalidTitle"),
          variant: "error",
        });
        return;
      }
      notify({
        title: t("form.failed"),
        description:
          error instanceof Error && error.message
            ? (knownMessage(error.message) ?? error.message)
            : t("common:errors.generic"),
        variant: "error",
      });
    }
  };

  const submitting = formState.isSubmitting;
  const types = staff ? INSPECTION_TYPES : DRIVER_INSPECTION_TYPES;

  return (
    <form
      onSubmit={handleSubmit(onValid, onInvalid)}
      noValidate
      className="grid grid-cols-1 gap-4 sm:gap-6"
      data-testid="inspection-form"
    >
      <SectionCard
        compact
        title={t("form.sections.asset")}
        description={t(staff ? "form.assetText" : "form.assetTextDriver")}
      >
        {staff ? (
          <StaffAssetPicker
            form={form}
            onAssetType={chooseAssetType}
            error={errorAt(assetType === "vehicle" ? "vehicleId" : "trailerId")}
          />
        ) : (
          <DriverAssetPicker
            form={form}
            onAssetType={chooseAssetType}
            error={errorAt(assetType === "vehicle" ? "vehicleId" : "trailerId")}
          />
        )}
      </SectionCard>

      <SectionCard compact title={t("form.sections.details")}>
        <div className="grid gap-4">
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-slate-700">{t("fields.type")}</legend>
            <div
              className={cn("grid gap-2", types.length > 2 ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-2")}
            >
              {types.map((type) => (
                <ChoiceCard
                  key={type}
                  value={type}
                  className="h-12 justify-center"
                  testId={`type-${type}`}
                  {...register("type")}
                >
                  {t(`types.${type}`)}
                </ChoiceCard>
              ))}
            </div>
            <FieldError message={errorAt("type")} />
          </fieldset>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label={t("fields.inspectedAt")} error={errorAt("inspectedAt")}>
              <Input
                type="datetime-local"
                className="h-11 text-base sm:text-sm"
                {...register("inspectedAt")}
              />
            </Field>
            {assetType === "vehicle" ? (
              <Field label={t("fields.odometer")} error={errorAt("odometer")} hint={t("form.odometerHint")}>
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  className="h-11 text-base sm:text-sm"
                  {...register("odometer")}
                  data-testid="field-odometer"
                />
              </Field>
            ) : null}
            <Field label={t("fields.location")} error={errorAt("location")} hint={t("form.locationHint")}>
              <Input
                className="h-11 text-base sm:text-sm"
                {...register("location")}
                data-testid="field-location"
              />
            </Field>
            {staff ? (
              <Field
                label={t("fields.inspector")}
                error={errorAt("inspectorName")}
                hint={t("form.inspectorHint")}
              >
                <Input className="h-11" {...register("inspectorName")} data-testid="field-inspector" />
              </Field>
            ) : null}
            {staff ? <DriverField form={form} error={errorAt("driverId")} /> : null}
          </div>
        </div>
      </SectionCard>

      <SectionCard
        compact
        title={t("form.sections.checklist")}
        description={t(assetType === "vehicle" ? "form.checklistVehicle" : "form.checklistTrailer")}
      >
        <ChecklistSection form={form} />
      </SectionCard>

      <SectionCard compact title={t("form.sections.result")}>
        <div className="grid gap-4">
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-slate-700">{t("fields.overallStatus")}</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {INSPECTION_STATUSES.map((status) => (
                <ChoiceCard
                  key={status}
                  value={status}
                  tone={status === "pass" ? "success" : status === "fail" ? "danger" : "warn"}
                  disabled={status === "pass" && anyFailed}
                  className="items-start py-3"
                  testId={`status-${status}`}
                  {...register("overallStatus")}
                >
                  <span className="grid gap-0.5">
                    <span className="font-semibold text-slate-900">{t(`status.${status}`)}</span>
                    <span className="text-xs font-normal text-slate-600">{t(`statusHelp.${status}`)}</span>
                  </span>
                </ChoiceCard>
              ))}
            </div>
            <FieldError message={errorAt("overallStatus")} />
            {overallStatus && hasDefects(overallStatus) ? (
              <Alert tone="warning">{t("form.defectNotice")}</Alert>
            ) : null}
          </fieldset>
          <Field label={t("fields.comments")} error={errorAt("comments")} hint={t("form.commentsHint")}>
            <Textarea
              rows={3}
              className="text-base sm:text-sm"
              {...register("comments")}
              data-testid="field-comments"
            />
          </Field>
        </div>
      </SectionCard>

      <SectionCard compact title={t("form.sections.photos")} description={t("form.photosText")}>
        <PhotoPicker photos={photos} onChange={setPhotos} />
      </SectionCard>

      {/* On a phone the action stays in reach of the thumb at the bottom of the screen. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:flex-row sm:justify-end sm:border-0 sm:bg-transparent sm:p-0">
        <Button variant="outline" className="h-12 sm:h-10" onClick={onCancel} disabled={submitting}>
          {t("common:actions.cancel")}
        </Button>
        <Button
          type="submit"
          className="h-12 text-base sm:h-10 sm:text-sm"
          disabled={submitting}
          data-testid="submit-inspection"
        >
          {submitting ? <Spinner className="text-current" /> : <Send aria-hidden />}
          {submitting ? t("form.submitting") : t("form.submit")}
        </Button>
      </div>
    </form>
  );
}

function FieldError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm text-red-600">
      {message}
    </p>
  ) : null;
}

const ASSET_ICONS = { vehicle: Truck, trailer: Container } as const;

/** A driver's choice: the truck and trailer assigned to them, as two big cards. */
function DriverAssetPicker({
  form,
  onAssetType,
  error,
}: {
  form: ReturnType<typeof useForm<InspectionFormValues>>;
  onAssetType: (type: InspectionAssetType) => void;
  error?: string;
}) {
  const { t } = useTranslation("inspections");
  const describeAsset = useAssetDescription();
  const assets = useInspectableAssets("");
  const { watch, setValue } = form;
  const [assetType, vehicleId, trailerId] = watch(["assetType", "vehicleId", "trailerId"]);
  const selected = assetType === "vehicle" ? vehicleId : trailerId;
  const items = assets.data ?? [];

  const pick = (asset: InspectableAsset) => {
    onAssetType(asset.assetType);
    setValue(asset.assetType === "vehicle" ? "vehicleId" : "trailerId", asset.id, {
      shouldValidate: form.formState.isSubmitted,
    });
  };
  // The truck is what a pre-trip starts with: chosen when nothing is yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the assignment arrives
  useEffect(() => {
    if (selected || !assets.data?.length) return;
    pick(assets.data.find((a) => a.assetType === "vehicle") ?? assets.data[0]);
  }, [assets.data]);

  if (assets.isPending) return <Spinner label={t("common:loading")} />;
  if (assets.isError) return <Alert tone="danger">{t("form.assetsFailed")}</Alert>;
  if (!items.length)
    return (
      <Alert tone="warning">
        <span data-testid="no-assigned-assets">{t("form.noAssets")}</span>
      </Alert>
    );
  return (
    <div className="grid gap-2">
      <div className="grid gap-2 sm:grid-cols-2" role="radiogroup" aria-label={t("form.sections.asset")}>
        {items.map((asset) => {
          const Icon = ASSET_ICONS[asset.assetType];
          return (
            <ChoiceCard
              key={asset.id}
              name="asset"
              value={asset.id}
              checked={selected === asset.id}
              onChange={() => pick(asset)}
              className="py-3"
              testId={`asset-${asset.label}`}
            >
              <Icon className="size-6 shrink-0 text-slate-500" aria-hidden />
              <span className="grid min-w-0">
                <span className="font-semibold text-slate-900">
                  {t(asset.assetType === "vehicle" ? "asset.truckNamed" : "asset.trailerNamed", {
                    label: asset.label,
                  })}
                </span>
                <span className="truncate text-xs font-normal text-slate-500">{describeAsset(asset)}</span>
              </span>
            </ChoiceCard>
          );
        })}
      </div>
      <FieldError message={error} />
    </div>
  );
}

/** Staff: vehicle or trailer, then a server-searched picker over the whole fleet. */
function StaffAssetPicker({
  form,
  onAssetType,
  error,
}: {
  form: ReturnType<typeof useForm<InspectionFormValues>>;
  onAssetType: (type: InspectionAssetType) => void;
  error?: string;
}) {
  const { t } = useTranslation("inspections");
  const describeAsset = useAssetDescription();
  const { search, setSearch, q, typing } = usePickerSearch();
  const { watch, setValue } = form;
  const [assetType, vehicleId, trailerId] = watch(["assetType", "vehicleId", "trailerId"]);
  const assets = useInspectableAssets(assetType, q);
  const field = assetType === "vehicle" ? "vehicleId" : "trailerId";
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label={t("fields.assetType")}>
        {INSPECTION_ASSET_TYPES.map((type) => {
          const Icon = ASSET_ICONS[type];
          return (
            <ChoiceCard
              key={type}
              name="assetType"
              value={type}
              checked={assetType === type}
              onChange={() => {
                onAssetType(type);
                setSearch("");
              }}
              className="h-12 justify-center"
              testId={`asset-type-${type}`}
            >
              <Icon className="size-4" aria-hidden />
              {t(`assetTypes.${type}`)}
            </ChoiceCard>
          );
        })}
      </div>
      <Field label={t(assetType === "vehicle" ? "fields.vehicle" : "fields.trailer")} error={error}>
        <Combobox
          value={assetType === "vehicle" ? vehicleId : trailerId}
          onChange={(id) => setValue(field, id, { shouldValidate: form.formState.isSubmitted })}
          options={(assets.data ?? []).map((a) => ({
            value: a.id,
            label: t(a.assetType === "vehicle" ? "asset.truckNamed" : "asset.trailerNamed", {
              label: a.label,
            }),
            description: [describeAsset(a), a.assignedDriverName].filter(Boolean).join(" · "),
          }))}
          search={search}
          onSearchChange={setSearch}
          loading={assets.isFetching || typing}
          placeholder={t(assetType === "vehicle" ? "form.chooseVehicle" : "form.chooseTrailer")}
          labels={{
            search: t("form.searchAssets"),
            empty: assets.isError ? t("form.assetsFailed") : t("form.noMatch"),
            clear: t("form.clear"),
            loading: t("common:loading"),
          }}
          className="[&_button[role=combobox]]:h-11"
        />
      </Field>
    </div>
  );
}

/** Staff may file for a driver (the inspection is then that driver's). */
function DriverField({
  form,
  error,
}: {
  form: ReturnType<typeof useForm<InspectionFormValues>>;
  error?: string;
}) {
  const { t } = useTranslation("inspections");
  const { search, setSearch, q, typing } = usePickerSearch();
  const drivers = useInspectionDrivers(q);
  const driverId = form.watch("driverId");
  return (
    <Field label={t("fields.driver")} error={error} hint={t("form.driverHint")}>
      <Combobox
        value={driverId}
        onChange={(id) => form.setValue("driverId", id)}
        options={(drivers.data ?? []).map((d) => ({ value: d.id, label: d.fullName }))}
        search={search}
        onSearchChange={setSearch}
        loading={drivers.isFetching || typing}
        placeholder={t("form.noDriver")}
        labels={{
          search: t("form.searchDrivers"),
          empty: drivers.isError ? t("form.driversFailed") : t("form.noMatch"),
          clear: t("form.clear"),
          loading: t("common:loading"),
        }}
        className="[&_button[role=combobox]]:h-11"
      />
    </Field>
  );
}
