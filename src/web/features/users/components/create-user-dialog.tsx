import { zodResolver } from "@hookform/resolvers/zod";
import { ROLES } from "@shared/access";
import { PASSWORD_MIN_LENGTH } from "@shared/auth/auth.schema";
import { createUserWithOptionsSchema } from "@shared/users/users.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { describeError, isApiError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useCreateUser } from "../api/users";
import { PasswordInput } from "./password-input";
import { isBlank, listMissing, userFieldError } from "./user-form-errors";

type FormInput = z.input<typeof createUserWithOptionsSchema>;
type FormOutput = z.output<typeof createUserWithOptionsSchema>;

const REQUIRED = ["name", "email", "role", "password"] as const;

const EMPTY: Partial<FormInput> = {
  name: "",
  email: "",
  password: "",
  companyName: "",
  requirePasswordChange: true,
};

export function CreateUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation("admin");
  const createUser = useCreateUser();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createUserWithOptionsSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, setError, setValue, watch, reset, getValues } = form;
  const role = watch("role");
  const errors = formState.errors;
  const label = (field: (typeof REQUIRED)[number]) => t(`users.fields.${field}`);
  const err = (field: "name" | "email" | "role" | "password" | "companyName") =>
    userFieldError(t, field, errors[field], getValues(field));

  const close = (next: boolean) => {
    if (createUser.isPending) return;
    onOpenChange(next);
    // Closing discards the draft; a failed submit does not (the dialog stays open).
    if (!next) {
      reset(EMPTY);
      createUser.reset();
    }
  };

  const onValid = (values: FormOutput) => {
    const body = {
      ...values,
      companyName: values.role === "customer" ? values.companyName || undefined : undefined,
    };
    createUser.mutate(body, {
      onSuccess: () => {
        notify({
          title: t("users.toast.created"),
          description: t("users.toast.createdText", { email: body.email }),
          variant: "success",
        });
        close(false);
      },
      onError: (error) => {
        if (isApiError(error, 409)) {
          setError("email", { type: "server", message: t("form.errors.emailTaken") }, { shouldFocus: true });
        } else if (isApiError(error, 400)) {
          for (const [field, message] of Object.entries(error.fields)) {
            if (field in EMPTY || field === "role")
              setError(field as keyof FormInput, { type: "server", message });
          }
        }
        notify({
          title: t("users.toast.createFailed"),
          description: describeError(error, t),
          variant: "error",
        });
      },
    });
  };

  const onInvalid = () => {
    const values = getValues();
    const missing = REQUIRED.filter((field) => isBlank(values[field]));
    if (missing.length) {
      notify({
        title: t("common:errors.missingInformation"),
        description: t("form.missingFields", { fields: listMissing(missing.map(label), i18n.language) }),
        variant: "error",
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("users.create.title")}
      description={t("users.create.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-xl"
    >
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("users.fields.name")} error={err("name")}>
            <Input autoComplete="off" autoFocus aria-required {...register("name")} />
          </Field>
          <Field label={t("users.fields.email")} error={err("email")}>
            <Input type="email" autoComplete="off" aria-required {...register("email")} />
          </Field>
          <Field label={t("users.fields.role")} error={err("role")}>
            <Select aria-required {...register("role")}>
              <option value="">{t("users.create.chooseRole")}</option>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`common:roles.${r}`)}
                </option>
              ))}
            </Select>
          </Field>
          {role === "customer" ? (
            <Field
              label={t("users.fields.companyName")}
              hint={t("users.create.companyHint")}
              error={err("companyName")}
            >
              <Input autoComplete="organization" {...register("companyName")} />
            </Field>
          ) : null}
        </div>
        <Field
          label={t("users.fields.password")}
          hint={t("users.create.passwordHint", { min: PASSWORD_MIN_LENGTH })}
          error={err("password")}
        >
          <PasswordInput
            aria-required
            {...register("password")}
            onGenerate={(password) =>
              setValue("password", password, { shouldValidate: formState.isSubmitted })
            }
          />
        </Field>
        <label className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
            {...register("requirePasswordChange")}
          />
          <span className="grid gap-0.5">
            <span className="font-medium text-slate-800">{t("users.create.requireChange")}</span>
            <span className="text-slate-500">{t("users.create.requireChangeHint")}</span>
          </span>
        </label>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={createUser.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={createUser.isPending}>
            {createUser.isPending ? <Spinner className="text-current" /> : null}
            {t("users.create.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
