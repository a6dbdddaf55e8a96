import { zodResolver } from "@hookform/resolvers/zod";
import { ROUTES } from "@shared/access";
import { type TrackFormInput, trackFormSchema } from "@shared/public/public.schema";
import { ArrowLeft, Link2, Loader2, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { Alert } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { retryAfterOf, useTrackLoad } from "../api/public";
import { TrackResultCard, TrackStatusCard } from "../components/track-result-card";

/**
 * Public delivery status by load number; `?number=` makes a result shareable. The number alone shows
 * the status and the day; the delivery ZIP, a PO or a BOL number (the second factor) shows the cities
 * and dates. The second factor never goes in the address, so a shared link never carries it.
 */
export default function TrackPage() {
  const { t } = useTranslation("public");
  const [params, setParams] = useSearchParams();
  const number = (params.get("number") ?? "").trim();
  // The second factor belongs to the number it was given with.
  const [checked, setChecked] = useState({ number: "", check: "" });
  const check = checked.number === number ? checked.check : "";
  const query = useTrackLoad(number, check);

  const form = useForm<TrackFormInput>({
    resolver: zodResolver(trackFormSchema),
    defaultValues: { loadNumber: number, check: "" },
  });

  // A shared link or the browser's back button changes the number under the form.
  useEffect(() => {
    form.setValue("loadNumber", number);
  }, [number, form]);

  const error = query.error;
  const retryAfter = retryAfterOf(error);
  const notFound = error instanceof ApiRequestError && error.status === 404;

  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiRequestError && error.status === 404) {
      notify({ title: t("track.notFoundTitle"), description: t("track.notFoundText"), variant: "error" });
    } else if (retryAfterOf(error) !== null) {
      notify({
        title: t("track.rateLimitedTitle"),
        description: t("track.rateLimitedText", { seconds: retryAfterOf(error) }),
        variant: "error",
      });
    } else {
      notify({ title: t("track.errorTitle"), description: t("track.errorText"), variant: "error" });
    }
  }, [error, t]);

  function onSubmit({ loadNumber, check: given }: TrackFormInput) {
    const next = loadNumber.trim().toUpperCase();
    const nextCheck = given.trim();
    setChecked({ number: next, check: nextCheck });
    if (next !== number) setParams({ number: next });
    else if (nextCheck === check) void query.refetch();
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      notify({ title: t("track.linkCopied"), variant: "success" });
    } catch {
      notify({ title: t("track.linkCopyFailed"), description: window.location.href });
    }
  }

  const busy = query.isFetching;

  return (
    <div className="flex w-full max-w-xl flex-col gap-5">
      <section
        aria-labelledby="track-title"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h1 id="track-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {t("track.title")}
        </h1>
        <p className="mt-1 text-sm text-slate-500">{t("track.subtitle")}</p>

        <form
          className="mt-6 grid grid-cols-1 gap-4"
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
          data-testid="track-form"
        >
          <Field
            label={t("track.numberLabel")}
            error={form.formState.errors.loadNumber ? t("track.numberRequired") : undefined}
          >
            <Input
              placeholder={t("track.numberPlaceholder")}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="search"
              className="h-11 font-mono uppercase placeholder:normal-case"
              autoFocus={!number}
              {...form.register("loadNumber")}
            />
          </Field>
          <Field label={t("track.checkLabel")} hint={t("track.checkHint")}>
            <Input
              placeholder={t("track.checkPlaceholder")}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="search"
              className="h-11"
              data-testid="track-check"
              {...form.register("check")}
            />
          </Field>
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-end" disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
            {busy ? t("track.checking") : t("track.submit")}
          </Button>
        </form>

        {notFound ? (
          <div className="mt-4">
            <Alert tone="warning">
              <strong className="font-semibold">{t("track.notFoundTitle")}.</strong> {t("track.notFoundText")}
            </Alert>
          </div>
        ) : retryAfter !== null ? (
          <div className="mt-4">
            <Alert tone="danger">{t("track.rateLimitedText", { seconds: retryAfter })}</Alert>
          </div>
        ) : null}
      </section>

      {query.data && !error ? (
        <>
          {query.data.view === "full" ? (
            <TrackResultCard result={query.data} />
          ) : (
            <TrackStatusCard result={query.data} />
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 px-1">
            {/* The address holds the number, never the second factor: it shares the status view only. */}
            {query.data.view === "status" ? (
              <Button variant="ghost" size="sm" onClick={copyLink}>
                <Link2 aria-hidden />
                {t("track.copyLink")}
              </Button>
            ) : null}
            <p className="text-xs text-slate-500">
              {t(query.data.view === "full" ? "track.privacyFull" : "track.privacy")}
            </p>
          </div>
        </>
      ) : null}

      <Link
        to={ROUTES.login.path}
        reloadDocument
        className="inline-flex items-center gap-1.5 self-center rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("backToSignIn")}
      </Link>
    </div>
  );
}
