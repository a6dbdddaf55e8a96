import { zodResolver } from "@hookform/resolvers/zod";
import { ROUTES } from "@shared/access";
import {
  type ChangePasswordInput,
  changePasswordSchema,
  PASSWORD_MIN_LENGTH,
} from "@shared/auth/auth.schema";
import { useQueryClient } from "@tanstack/react-query";
import { KeyRound, Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Alert } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { ApiRequestError, api } from "../../../lib/api";
import { useFieldMessage } from "../../../lib/form-messages";
import { settleAuthEvent, useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

export default function ChangePasswordPage() {
  const { t } = useTranslation("auth");
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const required = me?.mustChangePassword ?? false;

  async function onSubmit(values: ChangePasswordInput) {
    try {
      await api.post("/api/me/password", { body: values });
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 400 && Object.keys(err.fields).length > 0) {
        for (const [name, message] of Object.entries(err.fields)) {
          const field = FIELDS.find((f) => f === name);
          if (field) form.setError(field, { message }, { shouldFocus: true });
        }
        return;
      }
      const network = !(err instanceof ApiRequestError) || err.status === 0;
      notify({
        title: t("changePassword.failedTitle"),
        description: network ? t("common:errors.network") : (err as Error).message,
        variant: "error",
      });
      return;
    }
    notify({
      title: t("changePassword.successTitle"),
      description: t("changePassword.successText"),
      variant: "success",
    });
    // The guard must see the cleared temporary-password flag before "/" is opened.
    await settleAuthEvent(queryClient, "PASSWORD_CHANGED");
    navigate(ROUTES.home.path, { replace: true });
  }

  return (
    <section aria-labelledby="change-password-title" className="mx-auto w-full max-w-lg py-2 sm:py-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <KeyRound className="size-5" aria-hidden />
        </span>
        <h1 id="change-password-title" className="mt-4 text-xl font-semibold tracking-tight text-slate-900">
          {t("changePassword.title")}
        </h1>
        <p className="mt-1 text-sm text-slate-500">{t("changePassword.subtitle")}</p>
        {required ? (
          <div className="mt-4">
            <Alert tone="warning">{t("changePassword.required")}</Alert>
          </div>
        ) : null}

        <form
          className="mt-6 grid gap-4"
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
          data-testid="change-password-form"
        >
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" autoComplete="username" value={me?.user.email ?? ""} readOnly hidden />
          <Field label={t("fields.currentPassword")} error={fieldMessage(errors.currentPassword?.message)}>
            <Input
              type="password"
              autoComplete="current-password"
              autoFocus
              {...form.register("currentPassword")}
            />
          </Field>
          <Field
            label={t("fields.newPassword")}
            error={fieldMessage(errors.newPassword?.message)}
            hint={t("fields.passwordHint", { min: PASSWORD_MIN_LENGTH })}
          >
            <Input type="password" autoComplete="new-password" {...form.register("newPassword")} />
          </Field>
          <Field label={t("fields.confirmNewPassword")} error={fieldMessage(errors.confirmPassword?.message)}>
            <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
          </Field>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {required ? null : (
              <Button variant="outline" asChild>
                <Link to={ROUTES.home.path}>{t("common:actions.cancel")}</Link>
              </Button>
            )}
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {t("changePassword.submit")}
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
}
