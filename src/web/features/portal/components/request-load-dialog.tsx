import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CreateLoadRequestInput,
  createLoadRequestSchema,
  EQUIPMENT_TYPES,
  type LoadRequest,
} from "@shared/portal/load-requests.schema";
import { Send } from "lucide-react";
import { type FieldError, type Path, type Resolver, type UseFormRegister, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { describeError, isApiError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useCreateRequest } from "../api/portal";
import { fromLocalInput, useRequestFieldMessage } from "./request-form-helpers";

interface StopValues {
  locationName: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  /** datetime-local, the user's time zone */
  at: string;
  contactName: string;
  contactPhone: string;
}
export interface RequestFormValues {
  pickup: StopValues;
  delivery: StopValues;
  commodity: string;
  weightLbs: string;
  equipmentType: string;
  notes: string;
}

const emptyStop = (): StopValues => ({
  locationName: "",
  address: "",
  city: "",
  state: "",
  postalCode: "",
  at: "",
  contactName: "",
  contactPhone: "",
});
const EMPTY: RequestFormValues = {
  pickup: emptyStop(),
  delivery: emptyStop(),
  commodity: "",
  weightLbs: "",
  equipmentType: "dry_van",
  notes: "",
};

const toInput = (v: RequestFormValues): CreateLoadRequestInput => ({
  ...v,
  pickup: { ...v.pickup, at: fromLocalInput(v.pickup.at) },
  delivery: { ...v.delivery, at: fromLocalInput(v.delivery.at) },
  equipmentType: v.equipmentType as CreateLoadRequestInput["equipmentType"],
});

const schemaResolver = zodResolver(createLoadRequestSchema);
const resolver: Resolver<RequestFormValues> = (values, context, options) =>
  schemaResolver(
    toInput(values),
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  ) as unknown as ReturnType<Resolver<RequestFormValues>>;

const STOP_FIELDS = [
  "locationName",
  "address",
  "city",
  "state",
  "postalCode",
  "at",
  "contactName",
  "contactPhone",
] as const;
const REQUIRED_STOP = STOP_FIELDS.filter((f) => f !== "postalCode");

/** The customer's "request a load" form: a pending request dispatch reviews. */
export function RequestLoadDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (request: LoadRequest) => void;
}) {
  const { t, i18n } = useTranslation("portal");
  const create = useCreateRequest();
  const message = useRequestFieldMessage();
  const form = useForm<RequestFormValues>({ defaultValues: EMPTY, resolver });
  const { register, handleSubmit, formState, setError, reset, getValues } = form;

  const errorAt = (path: string) => {
    let node: unknown = formState.errors;
    for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    const value = path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], getValues());
    return message((node as FieldError | undefined)?.message, value);
  };

  const close = (next: boolean) => {
    if (create.isPending) return;
    onOpenChange(next);
    if (!next) {
      reset(EMPTY);
      create.reset();
    }
  };

  const onValid = async () => {
    try {
      const request = await create.mutateAsync(toInput(getValues()));
      notify({
        title: t("request.sentTitle"),
        description: t("request.sentText", { number: request.requestNumber }),
        variant: "success",
      });
      onCreated?.(request);
      close(false);
    } catch (error) {
      if (isApiError(error, 400)) {
        for (const [field, text] of Object.entries(error.fields))
          setError(field as Path<RequestFormValues>, { type: "server", message: text });
      }
      notify({ title: t("request.failedTitle"), description: describeError(error, t), variant: "error" });
    }
  };

  // Every empty required field, named by its section (7 per stop and the freight): the toast is the
  // one place the whole list shows, since the form's lower fields may be off screen.
  const onInvalid = () => {
    const v = getValues();
    const list = (items: string[]) =>
      new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(items);
    const groups = [
      ...(["pickup", "delivery"] as const).map((stop) => ({
        section: t(`request.${stop}`),
        fields: REQUIRED_STOP.filter((f) => !v[stop][f].trim()).map((f) => t(`request.fields.${f}`)),
      })),
      { section: t("request.freight"), fields: v.commodity.trim() ? [] : [t("request.fields.commodity")] },
    ].filter((g) => g.fields.length > 0);
    notify({
      title: t("common:errors.missingInformation"),
      description: groups.length
        ? t("request.missing", {
            fields: groups
              .map((g) => t("request.missingIn", { section: g.section, fields: list(g.fields) }))
              .join("; "),
          })
        : t("request.invalidText"),
      variant: "error",
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("request.title")}
      description={t("request.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-3xl"
    >
      <form
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="grid gap-5"
        data-testid="request-form"
      >
        <div className="grid gap-5 md:grid-cols-2">
          <StopFields stop="pickup" register={register} errorAt={errorAt} />
          <StopFields stop="delivery" register={register} errorAt={errorAt} />
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">{t("request.freight")}</legend>
          <Field label={t("request.fields.commodity")} error={errorAt("commodity")} className="sm:col-span-2">
            <Input aria-required placeholder={t("request.commodityPlaceholder")} {...register("commodity")} />
          </Field>
          <Field label={t("request.fields.weightLbs")} error={errorAt("weightLbs")}>
            <Input inputMode="decimal" {...register("weightLbs")} />
          </Field>
          <Field label={t("request.fields.equipmentType")} error={errorAt("equipmentType")}>
            <Select {...register("equipmentType")}>
              {EQUIPMENT_TYPES.map((e) => (
                <option key={e} value={e}>
                  {t(`equipment.${e}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={t("request.fields.notes")}
            hint={t("request.notesHint")}
            error={errorAt("notes")}
            className="sm:col-span-2"
          >
            <Textarea rows={2} {...register("notes")} />
          </Field>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={create.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={create.isPending} data-testid="submit-request">
            {create.isPending ? <Spinner className="text-current" /> : <Send aria-hidden />}
            {t("request.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function StopFields({
  stop,
  register,
  errorAt,
}: {
  stop: "pickup" | "delivery";
  register: UseFormRegister<RequestFormValues>;
  errorAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation("portal");
  const field = (name: (typeof STOP_FIELDS)[number]) => `${stop}.${name}` as const;
  return (
    <fieldset
      className="grid content-start gap-3 rounded-md border border-slate-200 p-4"
      data-testid={`request-${stop}`}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">{t(`request.${stop}`)}</legend>
      <Field label={t("request.fields.locationName")} error={errorAt(field("locationName"))}>
        <Input aria-required {...register(field("locationName"))} />
      </Field>
      <Field label={t("request.fields.address")} error={errorAt(field("address"))}>
        <Input aria-required autoComplete="street-address" {...register(field("address"))} />
      </Field>
      <div className="grid grid-cols-[1fr_5rem_6rem] gap-2">
        <Field label={t("request.fields.city")} error={errorAt(field("city"))}>
          <Input aria-required {...register(field("city"))} />
        </Field>
        <Field label={t("request.fields.state")} error={errorAt(field("state"))}>
          <Input aria-required maxLength={40} {...register(field("state"))} />
        </Field>
        <Field label={t("request.fields.postalCode")} error={errorAt(field("postalCode"))}>
          <Input inputMode="numeric" {...register(field("postalCode"))} />
        </Field>
      </div>
      <Field label={t(`request.fields.at_${stop}`)} error={errorAt(field("at"))}>
        <Input type="datetime-local" aria-required {...register(field("at"))} />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field label={t("request.fields.contactName")} error={errorAt(field("contactName"))}>
          <Input aria-required {...register(field("contactName"))} />
        </Field>
        <Field label={t("request.fields.contactPhone")} error={errorAt(field("contactPhone"))}>
          <Input type="tel" aria-required {...register(field("contactPhone"))} />
        </Field>
      </div>
    </fieldset>
  );
}
