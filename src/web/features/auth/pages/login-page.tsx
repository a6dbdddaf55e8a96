import { zodResolver } from "@hookform/resolvers/zod";
import { ROUTES } from "@shared/access";
import { type DemoAccounts, type LoginInput, loginSchema } from "@shared/auth/auth.schema";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRight, Loader2, MapPinCheck, UserPlus } from "lucide-react";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { ApiRequestError, api } from "../../../lib/api";
import { describeError } from "../../../lib/api-errors";
import { useFieldMessage } from "../../../lib/form-messages";
import { settleAuthEvent, signIn, useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";

/** Where to go after signing in: the page that sent the user here, never back to a sign-in screen. */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === ROUTES.login.path) return ROUTES.home.path;
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const submitRef = useRef<HTMLButtonElement>(null);
  const to = returnPath(location.state);

  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const demo = useQuery({
    queryKey: ["demo-accounts"],
    queryFn: () => api<DemoAccounts>("/api/demo-accounts"),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  if (me) return <Navigate to={to} replace />;

  async function onSubmit(values: LoginInput) {
    try {
      await signIn(values);
    } catch (err) {
      showSignInError(err);
      return;
    }
    await settleAuthEvent(queryClient, "SIGNED_IN");
    navigate(to, { replace: true });
  }

  function showSignInError(err: unknown) {
    if (!(err instanceof ApiRequestError) || err.status === 0 || err.status >= 500) {
      notify({ title: t("login.errorTitle"), description: t("login.errorText"), variant: "error" });
    } else if (err.status === 401) {
      notify({ title: t("login.failedTitle"), description: t("login.failedText"), variant: "error" });
    } else if (err.code === "REGISTRATION_PENDING") {
      notify({ title: t("login.pendingTitle"), description: t("login.pendingText"), variant: "error" });
    } else if (err.status === 400 && Object.keys(err.fields).length > 0) {
      for (const [name, message] of Object.entries(err.fields)) {
        if (name === "email" || name === "password") form.setError(name, { message });
      }
    } else {
      // Disabled account (403), too many attempts (429), a wrong address: the message says what to do.
      notify({ title: t("login.signInFailedTitle"), description: describeError(err, t), variant: "error" });
    }
  }

  function fillDemo(email: string, password: string) {
    form.clearErrors();
    form.setValue("email", email, { shouldDirty: true });
    form.setValue("password", password, { shouldDirty: true });
    submitRef.current?.focus();
  }

  const accounts = demo.data?.accounts ?? [];

  return (
    <div className="flex w-full max-w-md flex-col gap-6">
      <section
        aria-labelledby="login-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h1 id="login-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {t("login.title")}
        </h1>
        <p className="mt-1 text-sm text-slate-500">{t("login.subtitle")}</p>

        <form
          className="mt-6 grid gap-4"
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
          data-testid="login-form"
        >
          <Field label={t("fields.email")} error={fieldMessage(errors.email?.message)}>
            <Input
              type="email"
              autoComplete="username"
              inputMode="email"
              autoFocus
              {...form.register("email")}
            />
          </Field>
          <Field label={t("fields.password")} error={fieldMessage(errors.password?.message)}>
            <Input type="password" autoComplete="current-password" {...form.register("password")} />
          </Field>
          <Button ref={submitRef} type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
            {isSubmitting ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {isSubmitting ? t("login.submitting") : t("login.submit")}
          </Button>
        </form>

        <div className="mt-6 grid gap-2 border-t border-slate-100 pt-5 text-sm">
          <Link
            to={ROUTES.register.path}
            className="group inline-flex items-center gap-2 rounded-md font-medium text-brand-700 hover:text-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <UserPlus className="size-4" aria-hidden />
            {t("login.registerLink")}
            <ArrowRight className="size-3.5 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </Link>
          <Link
            to={ROUTES.track.path}
            className="group inline-flex items-center gap-2 rounded-md font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <MapPinCheck className="size-4" aria-hidden />
            {t("login.trackLink")}
            <ArrowRight className="size-3.5 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </Link>
        </div>
      </section>

      {accounts.length > 0 && demo.data ? (
        <section
          aria-labelledby="demo-title"
          className="rounded-2xl border border-dashed border-slate-300 bg-white/70 p-4 sm:p-5"
          data-testid="demo-accounts"
        >
          <h2 id="demo-title" className="text-sm font-semibold text-slate-900">
            {t("demo.title")}
          </h2>
          <p className="mt-0.5 text-xs text-slate-500">{t("demo.subtitle")}</p>
          <ul className="mt-3 grid gap-1">
            {accounts.map((account) => (
              <li key={account.email}>
                <button
                  type="button"
                  onClick={() => fillDemo(account.email, demo.data.password)}
                  data-testid={`demo-account-${account.email}`}
                  aria-label={t("demo.use", { name: account.name, email: account.email })}
                  className="flex w-full items-center gap-3 rounded-lg px-2.5 py-2 text-left hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  <Badge
                    tone={
                      account.role === "driver" ? "success" : account.role === "customer" ? "warning" : "info"
                    }
                    className="w-24 shrink-0 justify-center"
                  >
                    {t(`common:roles.${account.role}`)}
                  </Badge>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">{account.name}</span>
                    <span className="block truncate text-xs text-slate-500">{account.email}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
