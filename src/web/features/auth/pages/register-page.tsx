import { zodResolver } from "@hookform/resolvers/zod";
import { ROUTES } from "@shared/access";
import { PASSWORD_MIN_LENGTH } from "@shared/auth/auth.schema";
import { type RegistrationInput, registrationSchema } from "@shared/registration/registration.schema";
import { ArrowLeft, CircleCheck, Loader2 } from "lucide-react";
import { useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { ApiRequestError, api } from "../../../lib/api";
import { useFieldMessage } from "../../../lib/form-messages";
import { notify } from "../../../lib/toast";

type RegistrationValues = z.output<typeof registrationSchema>;

const EMPTY: RegistrationInput = {
  name: "",
  companyName: "",
  email: "",
  phone: "",
  address: "",
  message: "",
  password: "",
  confirmPassword: "",
};

/** Customer self-registration: stored as a request an administrator approves or rejects. */
export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const fieldMessage = useFieldMessage();
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<RegistrationInput, unknown, RegistrationValues>({
    resolver: zodResolver(registrationSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const error = (name: keyof RegistrationInput) => fieldMessage(errors[name]?.message);

  const accountExists = () =>
    notify({
      title: t("register.accountExistsTitle"),
      description: t("register.accountExistsText"),
      variant: "error",
    });

  async function onSubmit(values: RegistrationValues) {
    // The spec's user_exists check is the submission's first step on the server (a known email never
    // reaches the review queue): no separate call, so no bare "does this email exist?" endpoint.
    try {
      await api.post("/api/registration", { body: values });
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409 && err.code === "ACCOUNT_EXISTS") {
        accountExists();
      } else if (err instanceof ApiRequestError && err.status === 429) {
        const seconds = Number((err.details as { retryAfter?: unknown } | undefined)?.retryAfter) || 3600;
        notify({
          title: t("register.rateLimitedTitle"),
          description: t("register.rateLimitedText", { minutes: Math.ceil(seconds / 60) }),
          variant: "error",
        });
      } else if (err instanceof ApiRequestError && (err.status === 0 || err.status >= 500)) {
        // The server could not say whether the email has an account (spec: "Registration Error").
        notify({
          title: t("register.checkFailedTitle"),
          description: t("register.checkFailedText"),
          variant: "error",
        });
      } else if (
        err instanceof ApiRequestError &&
        err.status === 409 &&
        err.code === "REGISTRATION_PENDING"
      ) {
        notify({
          title: t("register.pendingTitle"),
          description: t("register.pendingText"),
          variant: "error",
        });
      } else if (err instanceof ApiRequestError && err.status === 400 && Object.keys(err.fields).length > 0) {
        for (const [name, message] of Object.entries(err.fields)) {
          if (name in EMPTY) form.setError(name as Path<RegistrationInput>, { message });
        }
      } else {
        notify({
          title: t("register.failedTitle"),
          description: err instanceof ApiRequestError ? err.message : t("common:errors.network"),
          variant: "error",
        });
      }
      return;
    }
    notify({ title: t("register.successTitle"), description: t("register.successText"), variant: "success" });
    setSubmitted(true);
  }

  if (submitted) {
    return (
      <section
        aria-labelledby="register-done-title"
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
        data-testid="registration-submitted"
      >
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-emerald-50">
          <CircleCheck className="size-6 text-emerald-600" aria-hidden />
        </span>
        <h1 id="register-done-title" className="mt-4 text-xl font-semibold tracking-tight text-slate-900">
          {t("register.successTitle")}
        </h1>
        <p className="mt-2 text-sm text-slate-600">{t("register.successText")}</p>
        <Button className="mt-6" asChild>
          <Link to={ROUTES.login.path} reloadDocument>
            <ArrowLeft aria-hidden />
            {t("register.backToSignIn")}
          </Link>
        </Button>
      </section>
    );
  }

  return (
    <section
      aria-labelledby="register-title"
      className="w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h1 id="register-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        {t("register.title")}
      </h1>
      <p className="mt-1 text-sm text-slate-500">{t("register.subtitle")}</p>

      <form
        className="mt-6 grid gap-6"
        noValidate
        onSubmit={form.handleSubmit(onSubmit, () =>
          notify({
            title: t("common:errors.missingInformation"),
            description: t("common:errors.missingInformationText"),
            variant: "error",
          }),
        )}
        data-testid="register-form"
      >
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold text-slate-900">
            {t("register.companySection")}
          </legend>
          <Field label={t("fields.contactName")} error={error("name")}>
            <Input autoComplete="name" maxLength={120} {...form.register("name")} />
          </Field>
          <Field label={t("fields.companyName")} error={error("companyName")}>
            <Input autoComplete="organization" maxLength={160} {...form.register("companyName")} />
          </Field>
          <Field label={t("fields.email")} error={error("email")}>
            <Input type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
          </Field>
          <Field label={t("fields.phone")} error={error("phone")}>
            <Input type="tel" autoComplete="tel" maxLength={40} {...form.register("phone")} />
          </Field>
          <Field label={t("fields.addressOptional")} error={error("address")} className="sm:col-span-2">
            <Input autoComplete="street-address" maxLength={300} {...form.register("address")} />
          </Field>
          <Field
            label={t("fields.messageOptional")}
            error={error("message")}
            hint={t("register.messageHint")}
            className="sm:col-span-2"
          >
            <Textarea rows={3} maxLength={1000} {...form.register("message")} />
          </Field>
        </fieldset>

        <div className="border-t border-slate-100 pt-5">
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold text-slate-900">
              {t("register.passwordSection")}
            </legend>
            <Field
              label={t("fields.password")}
              error={error("password")}
              hint={t("fields.passwordHint", { min: PASSWORD_MIN_LENGTH })}
            >
              <Input type="password" autoComplete="new-password" {...form.register("password")} />
            </Field>
            <Field label={t("fields.confirmPassword")} error={error("confirmPassword")}>
              <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
            </Field>
          </fieldset>
        </div>

        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            {t("register.haveAccount")}{" "}
            <Link
              to={ROUTES.login.path}
              reloadDocument
              className="rounded font-medium text-brand-700 hover:text-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {t("register.signIn")}
            </Link>
          </p>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {t("register.submit")}
          </Button>
        </div>
      </form>
    </section>
  );
}
