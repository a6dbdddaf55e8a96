import { Loader2, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { ApiRequestError, api } from "../../../lib/api";
import { describeError } from "../../../lib/api-errors";
import type { Notice } from "../../../lib/toast";

/**
 * The second step of a two-factor sign-in (the sign-in document's own, loaded when needed): the
 * authenticator's 6-digit code, or one of the ten recovery codes. The server limits attempts like
 * the password step; the step lasts ten minutes, then the password is asked again.
 */
export default function TwoFactorStep({
  onSignedIn,
  onNotice,
  onRestart,
}: {
  onSignedIn: () => void;
  onNotice: (notice: Notice) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation("auth");
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.replace(/\s+/g, "");
    if (!recovery && !/^\d{6}$/.test(value)) {
      setError(t("twoFactor.codeFormat"));
      return;
    }
    if (recovery && value.length < 6) {
      setError(t("twoFactor.wrongRecoveryCode"));
      return;
    }
    setBusy(true);
    try {
      await api.post(
        recovery ? "/api/auth/two-factor/verify-backup-code" : "/api/auth/two-factor/verify-totp",
        { body: { code: value, trustDevice: false } },
      );
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiRequestError && err.code === "INVALID_TWO_FACTOR_COOKIE") {
        onNotice({
          title: t("twoFactor.expiredTitle"),
          description: t("twoFactor.expired"),
          variant: "error",
        });
        onRestart();
      } else if (err instanceof ApiRequestError && (err.status === 401 || err.status === 400))
        setError(recovery ? t("twoFactor.wrongRecoveryCode") : t("twoFactor.wrongCode"));
      else
        onNotice({
          title: t("login.signInFailedTitle"),
          description: describeError(err, t),
          variant: "error",
        });
      return;
    }
    onSignedIn();
  }

  return (
    <form className="mt-6 grid gap-4" noValidate onSubmit={submit} data-testid="two-factor-step">
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        {recovery ? t("twoFactor.recoveryHint") : t("twoFactor.codeHint")}
      </p>
      <Field label={recovery ? t("twoFactor.recoveryCode") : t("twoFactor.code")} error={error ?? undefined}>
        <Input
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          data-testid="two-factor-code"
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {t("twoFactor.verify")}
      </Button>
      <button
        type="button"
        className="min-h-11 justify-self-start rounded-md text-sm font-medium text-brand-700 hover:text-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        onClick={() => {
          setRecovery(!recovery);
          setCode("");
          setError(null);
        }}
      >
        {recovery ? t("twoFactor.useApp") : t("twoFactor.useRecovery")}
      </button>
    </form>
  );
}
