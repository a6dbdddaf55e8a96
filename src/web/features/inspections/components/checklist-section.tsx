import { Check, CheckCheck, X } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Textarea } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { useInspectionFieldMessage } from "../inspection-messages";
import { ChoiceCard } from "./choice-card";
import type { InspectionFormValues } from "./inspection-form-values";

/**
 * The pass/fail checklist, built for a thumb: each item is a pair of large radio buttons, and a
 * failed item asks for a description of the defect right under it.
 */
export function ChecklistSection({ form }: { form: UseFormReturn<InspectionFormValues> }) {
  const { t } = useTranslation("inspections");
  const message = useInspectionFieldMessage();
  const { register, watch, setValue, formState } = form;
  const checklist = watch("checklist");
  const checked = checklist.filter((e) => e.result !== "").length;
  const failed = checklist.filter((e) => e.result === "fail").length;
  const rowErrors = formState.errors.checklist;
  const listError = rowErrors?.message ?? rowErrors?.root?.message;

  const passRest = () => {
    checklist.forEach((e, i) => {
      if (e.result === "")
        setValue(`checklist.${i}.result`, "pass", {
          shouldDirty: true,
          shouldValidate: formState.isSubmitted,
        });
    });
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="checklist-progress">
          {t("checklist.progress", { checked, total: checklist.length })}
          {failed > 0 ? (
            <span className="ml-2 font-medium text-red-700">{t("checklist.defects", { failed })}</span>
          ) : null}
        </p>
        <Button
          variant="outline"
          size="sm"
          className="h-10"
          onClick={passRest}
          disabled={checked === checklist.length}
          data-testid="pass-remaining"
        >
          <CheckCheck aria-hidden />
          {t("checklist.passRest")}
        </Button>
      </div>
      {listError ? (
        <p role="alert" className="text-sm text-red-600">
          {message({ type: "custom", message: listError })}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="checklist">
        {checklist.map((entry, i) => {
          const label = t(`items.${entry.item}.label`);
          const errors = rowErrors?.[i];
          const resultError = message(errors?.result);
          const noteError = message(errors?.note);
          const noteId = `checklist-note-${entry.item}`;
          return (
            <li
              key={entry.item}
              className={cn("grid gap-2 px-3 py-3", entry.result === "fail" && "bg-red-50/60")}
              data-testid={`check-${entry.item}`}
            >
              <fieldset className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <legend className="sr-only">{label}</legend>
                <div className="min-w-0" aria-hidden>
                  <p className="font-medium text-slate-900">{label}</p>
                  <p className="text-xs text-slate-500">{t(`items.${entry.item}.hint`)}</p>
                </div>
                <div className="grid shrink-0 grid-cols-2 gap-2 sm:w-52">
                  <ChoiceCard
                    tone="pass"
                    value="pass"
                    className="h-12 justify-center sm:h-11"
                    aria-invalid={resultError ? true : undefined}
                    {...register(`checklist.${i}.result`)}
                  >
                    <Check className="size-4" aria-hidden />
                    {t("checklist.pass")}
                  </ChoiceCard>
                  <ChoiceCard
                    tone="fail"
                    value="fail"
                    className="h-12 justify-center sm:h-11"
                    aria-invalid={resultError ? true : undefined}
                    {...register(`checklist.${i}.result`)}
                  >
                    <X className="size-4" aria-hidden />
                    {t("checklist.fail")}
                  </ChoiceCard>
                </div>
              </fieldset>
              {resultError ? (
                <p role="alert" className="text-sm text-red-600">
                  {resultError}
                </p>
              ) : null}
              {entry.result === "fail" ? (
                <div className="grid gap-1">
                  <label htmlFor={noteId} className="text-sm font-medium text-slate-700">
                    {t("checklist.defectLabel", { item: label })}
                  </label>
                  <Textarea
                    id={noteId}
                    rows={2}
                    placeholder={t("checklist.defectPlaceholder")}
                    aria-invalid={noteError ? true : undefined}
                    aria-describedby={noteError ? `${noteId}-error` : undefined}
                    className="min-h-16 text-base sm:text-sm"
                    {...register(`checklist.${i}.note`)}
                    data-testid={`note-${entry.item}`}
                  />
                  {noteError ? (
                    <p id={`${noteId}-error`} role="alert" className="text-sm text-red-600">
                      {noteError}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
