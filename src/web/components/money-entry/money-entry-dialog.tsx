import type { ReactNode } from "react";
import type { FieldValues, SubmitHandler } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Spinner } from "../ui/feedback";
import type { EntryForm } from "./use-entry-form";

/**
 * The frame of a money-entry dialog: title and description, the form (no browser validation: the
 * shared schema speaks), the fields it is given, and Cancel / submit (a spinner while saving; both
 * refused while the save is under way).
 */
export function MoneyEntryDialog<V extends FieldValues>({
  entry,
  open,
  title,
  description,
  testId,
  onSubmit,
  submitLabel,
  submitTestId,
  className = "max-w-2xl",
  children,
  after,
}: {
  entry: EntryForm<V>;
  open: boolean;
  title: string;
  description: string;
  /** The form's `data-testid`. */
  testId: string;
  onSubmit: SubmitHandler<V>;
  submitLabel: string;
  submitTestId?: string;
  /** The dialog box's classes (its width; the fuel form's phone placement). */
  className?: string;
  children: ReactNode;
  /** Rendered in the dialog after the form (a confirmation asked on top of it). */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={entry.close}
      title={title}
      description={description}
      closeLabel={t("common:actions.close")}
      className={className}
    >
      <form
        noValidate
        onSubmit={entry.form.handleSubmit(onSubmit)}
        className="grid gap-4"
        data-testid={testId}
      >
        {children}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => entry.close(false)} disabled={entry.pending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={entry.pending} data-testid={submitTestId}>
            {entry.pending ? <Spinner className="text-current" /> : null}
            {submitLabel}
          </Button>
        </div>
      </form>
      {after}
    </Dialog>
  );
}
