import { EQUIPMENT_TYPES } from "@shared/loads/loads.schema";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import type { LoadFormValues } from "./load-form-values";

/** What is hauled and how: equipment, commodity, a reefer's range, counts and the load's references. */
export function FreightFields({
  form,
  errorAt,
}: {
  form: UseFormReturn<LoadFormValues>;
  errorAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation("loads");
  const { register, watch } = form;
  const reefer = watch("equipmentType") === "reefer";
  const text = (
    name: "commodity" | "pieceCount" | "palletCount" | "poNumber" | "bolNumber" | "tempMinF" | "tempMaxF",
    numeric = false,
  ) => (
    <Field label={t(`fields.${name}`)} error={errorAt(name)}>
      <Input
        {...register(name)}
        inputMode={numeric ? "decimal" : undefined}
        autoComplete="off"
        data-testid={`field-${name}`}
      />
    </Field>
  );
  return (
    <div className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
      <Field label={t("fields.equipmentType")} error={errorAt("equipmentType")}>
        <Select {...register("equipmentType")} data-testid="field-equipmentType">
          <option value="">{t("fields.equipmentAny")}</option>
          {EQUIPMENT_TYPES.map((e) => (
            <option key={e} value={e}>
              {t(`trailerTypes.${e}`)}
            </option>
          ))}
        </Select>
      </Field>
      <div className="col-span-2 lg:col-span-3">{text("commodity")}</div>
      {reefer ? (
        <>
          {text("tempMinF", true)}
          {text("tempMaxF", true)}
        </>
      ) : null}
      {text("pieceCount", true)}
      {text("palletCount", true)}
      {text("poNumber")}
      {text("bolNumber")}
    </div>
  );
}
