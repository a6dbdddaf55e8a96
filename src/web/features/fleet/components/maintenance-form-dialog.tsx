import { zodResolver } from "@hookform/resolvers/zod";
import { MAINTENANCE_ITEM_STATUSES, SERVICE_TYPES } from "@shared/fleet/maintenance.constants";
import {
  type AssetType,
  MAINTENANCE_RECEIPT_MAX_BYTES,
  type MaintenanceItem,
  maintenanceInputSchema,
} from "@shared/fleet/maintenance.schema";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Combobox } from "../../../components/ui/combobox";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Label, Select, Textarea } from "../../../components/ui/input";
import { localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { usePickerSearch } from "../../../lib/use-picker-search";
import { useMaintenanceAssets, useSaveMaintenance } from "../api/fleet";
import { applyServerErrors, useFleetMessages } from "../fleet-messages";
import { formatBytes } from "./documents-panel";
import { InspectionOriginText } from "./inspection-origin";

type In = z.input<typeof maintenanceInputSchema>;
type Out = z.output<typeof maintenanceInputSchema>;

export interface AssetRef {
  assetType: AssetType;
  id: string;
  label: string;
}

const encode = (type: AssetType, id: string) => `${type}:${id}`;

/** Vehicles and trailers the user may log for, searched on the server (drivers: their own). */
function AssetPicker({
  value,
  selectedLabel,
  onChange,
  id,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: {
  value: string | null;
  selectedLabel?: string;
  onChange: (asset: AssetRef | null) => void;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { t } = useTranslation("fleet");
  const { search, setSearch, q, typing } = usePickerSearch();
  const assets = useMaintenanceAssets(q);
  const rows = assets.data ?? [];
  return (
    <Combobox
      id={id}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      value={value}
      selectedLabel={selectedLabel}
      onChange={(v) => {
        const row = rows.find((r) => encode(r.assetType, r.id) === v);
        onChange(row ? { assetType: row.assetType, id: row.id, label: row.label } : null);
      }}
      options={rows.map((r) => ({
        value: encode(r.assetType, r.id),
        label: `${t(`assetTypes.${r.assetType}`)} ${r.label}`,
        description: r.description,
      }))}
      search={search}
      onSearchChange={setSearch}
      loading={assets.isFetching || typing}
      placeholder={t("maintenance.chooseAsset")}
      labels={{
        search: t("maintenance.searchAssets"),
        empty: assets.isError ? t("maintenance.assetsFailed") : t("maintenance.noAssets"),
        clear: t("maintenance.clearAsset"),
        loading: t("common:loading"),
      }}
    />
  );
}

/**
 * Log a service or open a defect, or edit an entry. Mount it only while open. Drivers pick from
 * their own truck and trailer (chosen for them when there is only one) and cannot take a truck
 * out of service.
 */
export function MaintenanceFormDialog({
  onOpenChange,
  item,
  asset,
  staff,
  defaultStatus = "completed",
}: {
  onOpenChange: (open: boolean) => void;
  item?: MaintenanceItem;
  /** Pre-chosen asset (from a vehicle's or trailer's page). */
  asset?: AssetRef;
  staff: boolean;
  defaultStatus?: "open" | "completed";
}) {
  const { t } = useTranslation("fleet");
  const messages = useFleetMessages();
  const save = useSaveMaintenance(item?.id);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const receiptId = useId();
  const initialAsset: AssetRef | undefined = item
    ? { assetType: item.assetType, id: (item.vehicleId ?? item.trailerId) as string, label: item.assetLabel }
    : asset;
  const [assetLabel, setAssetLabel] = useState(initialAsset?.label);

  const { register, handleSubmit, formState, setError, watch, setValue, getValues } = useForm<
    In,
    unknown,
    Out
  >({
    resolver: zodResolver(maintenanceInputSchema),
    defaultValues: {
      assetType: initialAsset?.assetType ?? "vehicle",
      vehicleId: initialAsset?.assetType === "vehicle" ? initialAsset.id : null,
      trailerId: initialAsset?.assetType === "trailer" ? initialAsset.id : null,
      serviceType: item?.serviceType ?? "oil_change",
      status: item?.status ?? defaultStatus,
      serviceDate: item?.serviceDate ?? localToday(),
      odometer: item?.odometer === null || item?.odometer === undefined ? "" : String(item.odometer),
      cost: item?.cost ?? "",
      vendor: item?.vendor ?? "",
      notes: item?.notes ?? "",
      takeOutOfService: false,
      fromInspection: item?.source === "inspection",
    } as In,
  });
  const errors = formState.errors;
  const status = watch("status");
  const assetType = watch("assetType");
  const assetId = watch(assetType === "trailer" ? "trailerId" : "vehicleId");

  // A driver with one truck: it is the only choice, so choose it.
  const mine = useMaintenanceAssets("", !staff && !initialAsset);
  useEffect(() => {
    const rows = mine.data;
    if (staff || initialAsset || !rows?.length || getValues("vehicleId") || getValues("trailerId")) return;
    const first = rows.find((r) => r.assetType === "vehicle") ?? rows[0];
    setValue("assetType", first.assetType);
    setValue(first.assetType === "vehicle" ? "vehicleId" : "trailerId", first.id);
    setAssetLabel(first.label);
  }, [mine.data, staff, initialAsset, getValues, setValue]);

  const submit = handleSubmit((values) => {
    if (receipt && receipt.size > MAINTENANCE_RECEIPT_MAX_BYTES) {
      setReceiptError(t("errors.fileTooLarge"));
      return;
    }
    save.mutate(
      { body: values, receipt },
      {
        onSuccess: (result) => {
          notify({
            title: t(
              item
                ? "maintenance.updated"
                : values.status === "open"
                  ? "maintenance.opened"
                  : "maintenance.logged",
            ),
            description: t("maintenance.savedText", {
              service: t(`serviceTypes.${result.item.serviceType}`),
              asset: result.item.assetLabel,
            }),
            variant: "success",
          });
          if (result.vehicleStatus)
            notify({
              title: t("maintenance.vehicleStatusChanged"),
              description: t(`status.${result.vehicleStatus}`),
              variant: "default",
            });
          if (result.receiptError)
            notify({
              title: t("maintenance.receiptFailed"),
              description: messages.error(result.receiptError),
              variant: "error",
            });
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerErrors(error, setError);
          notify({
            title: t("maintenance.saveFailed"),
            description: messages.error(error),
            variant: "error",
          });
        },
      },
    );
  });

  const assetError = messages.field(assetType === "trailer" ? errors.trailerId : errors.vehicleId);
  const title = item
    ? t("maintenance.editTitle")
    : defaultStatus === "open"
      ? t("maintenance.reportTitle")
      : t("maintenance.newTitle");

  return (
    <Dialog
      open
      onOpenChange={(next) => !save.isPending && onOpenChange(next)}
      title={title}
      description={t("maintenance.formDescription")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate data-testid="maintenance-form">
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <Field label={t("fields.asset")} error={assetError} className="sm:col-span-2">
            <AssetPicker
              value={assetId ? encode(assetType ?? "vehicle", assetId) : null}
              selectedLabel={
                assetLabel ? `${t(`assetTypes.${assetType ?? "vehicle"}`)} ${assetLabel}` : undefined
              }
              onChange={(a) => {
                const validate = { shouldValidate: formState.isSubmitted };
                setAssetLabel(a?.label);
                setValue("assetType", a?.assetType ?? "vehicle");
                setValue("vehicleId", a?.assetType === "vehicle" ? a.id : null, validate);
                setValue("trailerId", a?.assetType === "trailer" ? a.id : null, validate);
              }}
            />
          </Field>
          <Field label={t("fields.serviceType")} error={messages.field(errors.serviceType)}>
            <Select {...register("serviceType")} data-testid="maintenance-service-type">
              {SERVICE_TYPES.map((s) => (
                <option key={s} value={s}>
                  {t(`serviceTypes.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("fields.itemStatus")} error={messages.field(errors.status)}>
            <Select {...register("status")} data-testid="maintenance-status-input">
              {MAINTENANCE_ITEM_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`itemStatusChoice.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={t(status === "open" ? "fields.reportedOn" : "fields.serviceDate")}
            error={messages.field(errors.serviceDate)}
          >
            <Input
              type="date"
              max={localToday()}
              {...register("serviceDate")}
              data-testid="maintenance-date"
            />
          </Field>
          <Field label={t("fields.odometer")} error={messages.field(errors.odometer)}>
            <Input inputMode="numeric" {...register("odometer")} data-testid="maintenance-odometer" />
          </Field>
          {status === "completed" ? (
            <>
              <Field label={t("fields.cost")} error={messages.field(errors.cost)} hint={t("hints.cost")}>
                <Input inputMode="decimal" {...register("cost")} data-testid="maintenance-cost" />
              </Field>
              <Field label={t("fields.vendor")} error={messages.field(errors.vendor)}>
                <Input autoComplete="off" {...register("vendor")} data-testid="maintenance-vendor" />
              </Field>
            </>
          ) : null}
          {item?.origin ? (
            <div className="rounded-md bg-slate-50 p-3 sm:col-span-2">
              <InspectionOriginText origin={item.origin} />
            </div>
          ) : null}
          <Field
            label={t(status === "open" && !item?.origin ? "fields.defect" : "fields.notes")}
            error={messages.field(errors.notes)}
            className="sm:col-span-2"
          >
            <Textarea rows={3} {...register("notes")} data-testid="maintenance-notes" />
          </Field>
          {status === "open" && staff && assetType === "vehicle" && !item ? (
            <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                {...register("takeOutOfService")}
                data-testid="out-of-service"
              />
              <span>
                {t("maintenance.takeOutOfService")}
                <span className="block text-xs text-slate-500">{t("maintenance.takeOutOfServiceHint")}</span>
              </span>
            </label>
          ) : null}
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={receiptId}>{t("fields.receipt")}</Label>
            <Input
              id={receiptId}
              type="file"
              accept="application/pdf,image/*"
              onChange={(e) => {
                setReceipt(e.target.files?.[0] ?? null);
                setReceiptError(undefined);
              }}
              aria-invalid={receiptError ? true : undefined}
              data-testid="maintenance-receipt"
            />
            {receiptError ? (
              <p role="alert" className="text-sm text-red-600">
                {receiptError}
              </p>
            ) : (
              <p className="text-xs text-slate-500">
                {item?.receipt
                  ? t("maintenance.receiptReplace", { name: item.receipt.fileName })
                  : t("documents.hint", { max: formatBytes(MAINTENANCE_RECEIPT_MAX_BYTES) })}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="save-maintenance">
            {save.isPending ? <Spinner className="text-current" /> : null}
            {item
              ? t("common:actions.save")
              : t(status === "open" ? "maintenance.submitOpen" : "maintenance.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
