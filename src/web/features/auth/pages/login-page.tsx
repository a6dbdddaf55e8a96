import { ROUTES } from "@shared/access";
import type { DemoAccounts } from "@shared/auth/auth.schema";
import { type LoginInput, loginSchema } from "@shared/auth/login.schema";
import { ArrowRight, Loader2, MapPinCheck, UserPlus } from "lucide-react";
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { ApiRequestError, api } from "../../../lib/api";
import { describeError } from "../../../lib/api-errors";
import { useFieldMessage } from "../../../lib/form-messages";
import { broadcastAuthEvent, signIn, takeReturnPath, takeSignInNotice } from "../../../lib/session";
import type { Notice } from "../../../lib/toast";

// Toasts (sonner) download with the first one, never with the page (decision 022).
const SignInNotice = lazy(() => import("../components/sign-in-notice"));
// The code step of a two-factor sign-in downloads only for the accounts that have one.
const TwoFactorStep = lazy(() => import("../components/two-factor-step"));

type Fields = keyof LoginInput;
const FIELDS: readonly Fields[] = ["email", "password"];

/**
 * The sign-in page (spec sections 2 and 5). It is a document of its own, outside the app's router
 * (src/web/login.tsx, decision 022), so the first screen a user opens stays small: no router, no query
 * cache, no form library — two fields checked with the shared (zod mini) schema the server parses with.
 */
export default function LoginPage() {
  const { t } = useTranslation("auth");
  const fieldMessage = useFieldMessage();
  const [values, setValues] = useState<LoginInput>({ email: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [demo, setDemo] = useState<DemoAccounts | null>(null);
  const [codeStep, setCodeStep] = useState(false);
  const inputs = useRef<Partial<Record<Fields, HTMLInputElement | null>>>({});
  const submitRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (takeSignInNotice() === "adminSessionLost")
      setNotice({
        title: t("impersonation.stopFailed"),
        description: t("impersonation.adminSessionLost"),
        variant: "error",
      });
  }, [t]);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get("/api/demo-accounts", { signal: controller.signal })
      .then(setDemo)
      .catch(() => undefined); // no demo data: the list simply does not show
    return () => controller.abort();
  }, []);

  function showErrors(next: Partial<Record<Fields, string>>) {
    setErrors(next);
    const first = FIELDS.find((name) => next[name]);
    if (first) inputs.current[first]?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as Fields;
        next[name] ??= issue.message;
      }
      showErrors(next);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const { twoFactor } = await signIn(parsed.data);
      if (twoFactor) {
        setSubmitting(false);
        setCodeStep(true);
        return;
      }
    } catch (err) {
      setSubmitting(false);
      showSignInError(err);
      return;
    }
    signedIn();
  }

  function signedIn() {
    broadcastAuthEvent("SIGNED_IN");
    // A full load of the app: the page that sent the user here, or their home.
    window.location.replace(takeReturnPath());
  }

  function showSignInError(err: unknown) {
    if (!(err instanceof ApiRequestError) || err.status === 0 || err.status >= 500) {
      setNotice({ title: t("login.errorTitle"), description: t("login.errorText"), variant: "error" });
    } else if (err.status === 401) {
      setNotice({ title: t("login.failedTitle"), description: t("login.failedText"), variant: "error" });
    } else if (err.code === "REGISTRATION_PENDING") {
      setNotice({ title: t("login.pendingTitle"), description: t("login.pendingText"), variant: "error" });
    } else if (err.status === 400 && Object.keys(err.fields).length > 0) {
      showErrors(Object.fromEntries(FIELDS.filter((f) => err.fields[f]).map((f) => [f, err.fields[f]])));
    } else {
      // Disabled account (403), too many attempts (429), a wrong address: the message says what to do.
      setNotice({
        title: t("login.signInFailedTitle"),
        description: describeError(err, t),
        variant: "error",
      });
    }
  }

  function change(name: Fields, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
  }

  function fillDemo(email: string, password: string) {
    setErrors({});
    setValues({ email, password });
    submitRef.current?.focus();
  }

  const accounts = demo?.accounts ?? [];

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

        {codeStep ? (
          <Suspense fallback={<Loader2 className="mx-auto mt-6 animate-spin text-slate-500" aria-hidden />}>
            <TwoFactorStep onSignedIn={signedIn} onNotice={setNotice} onRestart={() => setCodeStep(false)} />
          </Suspense>
        ) : null}
        <form
          className={codeStep ? "hidden" : "mt-6 grid gap-4"}
          noValidate
          onSubmit={onSubmit}
          data-testid="login-form"
        >
          <Field label={t("fields.email")} error={fieldMessage(errors.email)}>
            <Input
              ref={(el) => {
                inputs.current.email = el;
              }}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              autoFocus
              value={values.email}
              onChange={(e) => change("email", e.target.value)}
            />
          </Field>
          <Field label={t("fields.password")} error={fieldMessage(errors.password)}>
            <Input
              ref={(el) => {
                inputs.current.password = el;
              }}
              name="password"
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={(e) => change("password", e.target.value)}
            />
          </Field>
          <Button ref={submitRef} type="submit" size="lg" className="mt-2 w-full" disabled={submitting}>
            {submitting ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {submitting ? t("login.submitting") : t("login.submit")}
          </Button>
        </form>

        <div className="mt-6 grid gap-2 border-t border-slate-100 pt-5 text-sm">
          <a
            href={ROUTES.register.path}
            className="group inline-flex items-center gap-2 rounded-md font-medium text-brand-700 hover:text-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <UserPlus className="size-4" aria-hidden />
            {t("login.registerLink")}
            <ArrowRight className="size-3.5 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </a>
          <a
            href={ROUTES.track.path}
            className="group inline-flex items-center gap-2 rounded-md font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <MapPinCheck className="size-4" aria-hidden />
            {t("login.trackLink")}
            <ArrowRight className="size-3.5 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </a>
        </div>
      </section>

      {accounts.length > 0 && demo ? (
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
                  onClick={() => fillDemo(account.email, demo.password)}
                  data-testid={`demo-account-${account.email}`}
                  className="flex w-full items-center gap-3 rounded-lg px-2.5 py-2 text-left hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  {/* Named by what it shows (role, name, email), which a voice-control user reads out. */}
                  <span className="sr-only">{t("demo.use")}</span>
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
      {notice ? (
        <Suspense fallback={null}>
          <SignInNotice notice={notice} />
        </Suspense>
      ) : null}
    </div>
  );
}
