import { zodResolver } from "@hookform/resolvers/zod";
import type { ComponentType } from "react";
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { cn } from "../../../lib/cn";
import { notify } from "../../../lib/toast";
import { applyServerErrors, useFleetMessages } from "../fleet-messages";
import type { AssetName } from "./asset-kind";

type Saver<B, D> = {
  mutate: (body: B, handlers: { onSuccess: (saved: D) => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
};

/** A kind's form: its schema and starting values, its fields, and how it is saved. */
export type AssetFormKind<In extends FieldValues, Out, B, D extends { id: string }> = {
  name: AssetName;
  schema: z.ZodType<Out, In>;
  initialValues: (asset?: D) => In;
  useSave: (id?: string) => Saver<B, D>;
  /** What is sent for the validated values (a truck's edit leaves out the schedules of a new one). */
  body: (values: Out, asset?: D) => B;
  /** The saved toast's text ("Unit 101 is saved"). */
  savedText: (saved: D, t: (key: string, values?: Record<string, unknown>) => string) => string;
  /** A truck's form is wider (papers and schedules sections) than a trailer's. */
  layout: { dialog: string; form: string };
  Fields: ComponentType<{ form: UseFormReturn<In, unknown, Out>; asset?: D }>;
};

/**
 * Add or edit a vehicle or a trailer: the dialog, the validation, the save with its toasts, the
 * server's field errors on the fields, and the buttons; the kind brings the fields. Mount it only
 * while open, so it always starts from the record as it is.
 */
export function AssetFormDialog<In extends FieldValues, Out, B, D extends { id: string }>({
  kind,
  asset,
  onOpenChange,
  onSaved,
}: {
  kind: AssetFormKind<In, Out, B, D>;
  asset?: D;
  onOpenChange: (open: boolean) => void;
  onSaved?: (saved: D) => void;
}) {
  const { t } = useTranslation("fleet");
  const messages = useFleetMessages();
  const save = kind.useSave(asset?.id);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(kind.schema),
    defaultValues: kind.initialValues(asset) as DefaultValues<In>,
  });
  const { name } = kind;
  const title = t(asset ? `${name}.editTitle` : `${name}.newTitle`);

  const submit = form.handleSubmit((values) =>
    save.mutate(kind.body(values, asset), {
      onSuccess: (saved) => {
        notify({
          title: t(asset ? `${name}.updated` : `${name}.created`),
          description: kind.savedText(saved, t),
          variant: "success",
        });
        onOpenChange(false);
        onSaved?.(saved);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError);
        notify({ title: t(`${name}.saveFailed`), description: messages.error(error), variant: "error" });
      },
    }),
  );

  return (
    <Dialog
      open
      onOpenChange={(next) => !save.isPending && onOpenChange(next)}
      title={title}
      description={t(`${name}.formDescription`)}
      closeLabel={t("common:actions.close")}
      className={kind.layout.dialog}
    >
      <form
        onSubmit={(e) => void submit(e)}
        className={cn("grid", kind.layout.form)}
        noValidate
        data-testid={`${name}-form`}
        aria-label={title}
      >
        <kind.Fields form={form} asset={asset} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid={`save-${name}`}>
            {save.isPending ? <Spinner className="text-current" /> : null}
            {t(asset ? "common:actions.save" : `${name}.create`)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
