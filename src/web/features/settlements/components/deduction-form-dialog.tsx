import {
  ADVANCE_KINDS,
  STANDING_DEDUCTION_KINDS,
  type StandingDeduction,
  standingDeductionInputSchema,
} from "@shared/settlements/settlements.schema";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { DriverPicker } from "../../../components/pickers/entity-pickers";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { firstIssues } from "../../../lib/form-errors";
import { localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useSaveDeduction } from "../api/settlements";
import { useSettlementMessages } from "../settlements-messages";

interface Values {
  driverId: string;
  kind: StandingDeduction["kind"];
  description: string;
  perPeriod: string;
  total: string;
  source: string;
  startsOn: string;
  active: boolean;
}

/** Add or edit a standing deduction; an advance records its source, amount and per-period cap. */
export function DeductionFormDialog({
  deduction,
  open,
  onOpenChange,
}: {
  deduction: StandingDeduction | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("settlements");
  const messages = useSettlementMessages();
  const save = useSaveDeduction(deduction?.id ?? null);
  const [values, setValues] = useState<Values>({
    driverId: "",
    kind: "escrow",
    description: "",
    perPeriod: "",
    total: "",
    source: "",
    startsOn: localToday(),
    active: true,
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  useEffect(() => {
    if (!open) return;
    setErrors({});
    setValues(
      deduction
        ? {
            driverId: deduction.driverId,
            kind: deduction.kind,
            description: deduction.description,
            perPeriod: deduction.perPeriod,
            total: deduction.total ?? "",
            source: deduction.source,
            startsOn: deduction.startsOn,
            active: deduction.active,
          }
        : {
            driverId: "",
            kind: "escrow",
            description: "",
            perPeriod: "",
            total: "",
            source: "",
            startsOn: localToday(),
            active: true,
          },
    );
  }, [open, deduction]);

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((x) => ({ ...x, [name]: undefined }));
  };
  const advance = ADVANCE_KINDS.includes(values.kind);

  const confirm = () => {
    const parsed = standingDeductionInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssues(parsed.error));
      return;
    }
    save.mutate(values, {
      onSuccess: () => {
        notify({ title: t("deductions.saved"), variant: "success" });
        onOpenChange(false);
      },
      onError: (error) => {
        if (isApiError(error, 400)) setErrors(error.fields);
        notify({ title: t("deductions.failed"), description: messages.error(error), variant: "error" });
      },
    });
  };
  const err = (name: keyof Values) => messages.field(errors[name]);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(deduction ? "deductions.editTitle" : "deductions.newTitle")}
      description={t("deductions.formDescription")}
      confirmLabel={t("deductions.save")}
      pending={save.isPending}
      onConfirm={confirm}
    >
      <div className="grid gap-4" data-testid="deduction-form">
        <Field label={t("deductions.columns.driver")} error={err("driverId")}>
          <DriverPicker
            value={values.driverId || null}
            selectedLabel={deduction?.driverName}
            onChange={(id) => set("driverId", id ?? "")}
            aria-invalid={!!errors.driverId}
          />
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("deductions.columns.kind")} error={err("kind")}>
            <Select value={values.kind} onChange={(e) => set("kind", e.target.value as Values["kind"])}>
              {STANDING_DEDUCTION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("deductions.startsOn")} error={err("startsOn")}>
            <Input type="date" value={values.startsOn} onChange={(e) => set("startsOn", e.target.value)} />
          </Field>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field
            label={t(advance ? "deductions.cap" : "deductions.columns.perPeriod")}
            error={err("perPeriod")}
          >
            <Input
              inputMode="decimal"
              value={values.perPeriod}
              onChange={(e) => set("perPeriod", e.target.value)}
            />
          </Field>
          <Field
            label={t(advance ? "deductions.advanced" : "deductions.total")}
            hint={advance ? undefined : t("deductions.totalHint")}
            error={err("total")}
          >
            <Input inputMode="decimal" value={values.total} onChange={(e) => set("total", e.target.value)} />
          </Field>
        </div>
        {advance ? (
          <Field label={t("deductions.source")} hint={t("deductions.sourceHint")} error={err("source")}>
            <Input maxLength={120} value={values.source} onChange={(e) => set("source", e.target.value)} />
          </Field>
        ) : null}
        <Field label={t("deductions.description")} error={err("description")}>
          <Input
            maxLength={200}
            value={values.description}
            onChange={(e) => set("description", e.target.value)}
          />
        </Field>
        {deduction ? (
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={values.active}
              onChange={(e) => set("active", e.target.checked)}
            />
            {t("deductions.activeLabel")}
          </label>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
