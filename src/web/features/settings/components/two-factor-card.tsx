import type { TwoFactorEnrolment } from "@shared/auth/two-factor.schema";
import { Copy, Download, ShieldCheck, ShieldOff } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { useTwoFactor, useTwoFactorSteps } from "../api/settings";
import { useSettingsMessages } from "../settings-messages";

type Step =
  | { kind: "idle" }
  | { kind: "scan"; enrolment: TwoFactorEnrolment }
  | { kind: "codes"; codes: string[] };

/**
 * Two-factor sign-in for the signed-in user: set up with any authenticator app (QR code or a key to
 * type, a first code to confirm, ten recovery codes shown once), or turn it off with the password.
 */
export function TwoFactorCard({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation("settings");
  const messages = useSettingsMessages();
  const status = useTwoFactor();
  const steps = useTwoFactorSteps();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  if (status.isPending) return <Spinner label={t("twoFactor.title")} />;
  if (status.isError) return <Alert tone="danger">{messages.error(status.error)}</Alert>;
  const fieldError = (err: unknown, field: string) =>
    setError(
      err instanceof ApiRequestError && err.fields[field]
        ? (messages.field(err.fields[field]) ?? "")
        : messages.error(err),
    );

  const start = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    steps.enable.mutate(password, {
      onSuccess: (enrolment) => {
        setPassword("");
        setStep({ kind: "scan", enrolment });
      },
      onError: (err) => fieldError(err, "password"),
    });
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== "scan") return;
    setError(null);
    steps.confirm.mutate(code, {
      onSuccess: () => {
        setCode("");
        setStep({ kind: "codes", codes: step.enrolment.recoveryCodes });
        notify({ title: t("twoFactor.on"), variant: "success" });
      },
      onError: (err) => fieldError(err, "code"),
    });
  };
  const turnOff = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    steps.disable.mutate(password, {
      onSuccess: () => {
        setPassword("");
        notify({ title: t("twoFactor.off"), variant: "success" });
      },
      onError: (err) => fieldError(err, "password"),
    });
  };
  const codesText = step.kind === "codes" ? step.codes.join("\n") : "";

  return (
    <Card className="grid max-w-2xl gap-4 p-4 sm:p-6" data-testid="two-factor-card">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          {status.data.enabled ? (
            <ShieldCheck className="size-5" aria-hidden />
          ) : (
            <ShieldOff className="size-5" aria-hidden />
          )}
        </span>
        <div className="grid gap-1">
          <h2 className="text-base font-semibold text-slate-900">{t("twoFactor.title")}</h2>
          <p className="text-sm text-slate-600" data-testid="two-factor-status">
            {status.data.enabled ? t("twoFactor.isOn") : t("twoFactor.isOff")}
          </p>
        </div>
      </div>
      {status.data.required && !status.data.enabled ? (
        <Alert tone="warning">{t("twoFactor.required")}</Alert>
      ) : null}

      {step.kind === "codes" ? (
        <div className="grid gap-3" data-testid="recovery-codes">
          <p className="text-sm text-slate-700">{t("twoFactor.codesIntro")}</p>
          <ol className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 font-mono text-sm sm:grid-cols-5">
            {step.codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(codesText)
                  .then(() => notify({ title: t("twoFactor.copied"), variant: "success" }))
              }
            >
              <Copy aria-hidden />
              {t("twoFactor.copy")}
            </Button>
            <Button variant="outline" asChild>
              <a
                href={`data:text/plain;charset=utf-8,${encodeURIComponent(codesText)}`}
                download="recovery-codes.txt"
              >
                <Download aria-hidden />
                {t("twoFactor.download")}
              </a>
            </Button>
            <Button
              onClick={() => {
                setStep({ kind: "idle" });
                onDone?.();
              }}
              data-testid="two-factor-done"
            >
              {t("twoFactor.done")}
            </Button>
          </div>
        </div>
      ) : step.kind === "scan" ? (
        <form className="grid gap-4" noValidate onSubmit={confirm}>
          <p className="text-sm text-slate-700">{t("twoFactor.scan")}</p>
          <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-start">
            <div
              className="size-48 rounded-md border border-slate-200 bg-white p-2 [&>svg]:size-full"
              role="img"
              aria-label={t("twoFactor.qr")}
              // The SVG is drawn by our server from the otpauth link; it holds no markup from elsewhere.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made QR code
              dangerouslySetInnerHTML={{ __html: step.enrolment.qrSvg }}
            />
            <div className="grid gap-2 text-sm">
              <p className="text-slate-600">{t("twoFactor.manual")}</p>
              <code
                className="break-all rounded-md bg-slate-50 p-2 font-mono text-slate-900"
                data-testid="two-factor-key"
              >
                {step.enrolment.manualKey}
              </code>
            </div>
          </div>
          <Field label={t("twoFactor.code")} error={error ?? undefined}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              data-testid="two-factor-confirm-code"
            />
          </Field>
          <div>
            <Button type="submit" disabled={steps.confirm.isPending} data-testid="two-factor-confirm">
              {steps.confirm.isPending ? <Spinner /> : <ShieldCheck aria-hidden />}
              {t("twoFactor.confirm")}
            </Button>
          </div>
        </form>
      ) : (
        <form className="grid gap-3 sm:max-w-sm" noValidate onSubmit={status.data.enabled ? turnOff : start}>
          <Field
            label={t("twoFactor.password")}
            hint={status.data.enabled ? t("twoFactor.offHint") : t("twoFactor.startHint")}
            error={error ?? undefined}
          >
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="two-factor-password"
            />
          </Field>
          <div>
            {status.data.enabled ? (
              <Button
                type="submit"
                variant="outline"
                disabled={steps.disable.isPending}
                data-testid="two-factor-off"
              >
                {steps.disable.isPending ? <Spinner /> : <ShieldOff aria-hidden />}
                {t("twoFactor.turnOff")}
              </Button>
            ) : (
              <Button type="submit" disabled={steps.enable.isPending} data-testid="two-factor-start">
                {steps.enable.isPending ? <Spinner /> : <ShieldCheck aria-hidden />}
                {t("twoFactor.start")}
              </Button>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
