import { zodResolver } from "@hookform/resolvers/zod";
import { GEOCODER_KINDS, ROUTER_KINDS, TELEMATICS_KINDS } from "@shared/geo/geo.constants";
import {
  GEO_MESSAGES,
  type GeoSettingsInput,
  type GeoSettingsView,
  type GeoTestResult,
  geoEndpoint,
  geoSettingsInputSchema,
} from "@shared/geo/geo.schema";
import { MapPinned } from "lucide-react";
import { useEffect, useState } from "react";
import { type Path, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { useMessageMap } from "../../../lib/use-message-map";
import { useGeoSettings, useSaveGeoSettings, useTestGeocoder } from "../api/settings";
import { SettingsSaveFooter } from "./settings-save-footer";

const KNOWN: Record<string, string> = Object.fromEntries(
  Object.entries(GEO_MESSAGES).map(([key, message]) => [message, `errors.${key}`]),
);
const PARTS = {
  geocoder: GEOCODER_KINDS,
  router: ROUTER_KINDS,
  telematics: TELEMATICS_KINDS,
} as const;
type Part = keyof typeof PARTS;

const valuesOf = (s: GeoSettingsView): GeoSettingsInput => ({
  geocoder: { kind: s.geocoder.kind, url: s.geocoder.url, key: "" },
  router: { kind: s.router.kind, url: s.router.url, key: "" },
  telematics: { kind: s.telematics.kind, url: s.telematics.url, key: "" },
  circuityFactor: s.circuityFactor,
  tileStyleUrl: s.tileStyleUrl,
  geofenceRadiusMiles: s.geofenceRadiusMiles,
  positionRetentionDays: s.positionRetentionDays,
  sharingIntervalSeconds: s.sharingIntervalSeconds,
});

/**
 * Settings → Maps & tracking (admin, manager; issue 40): the geocoder, routing engine and ELD/GPS
 * provider with their addresses and keys (kept encrypted, never shown again; empty keeps it), and the
 * tracking rules. Choosing a provider or moving its address is the admin's (`geo:endpoint`): others
 * see it read-only and may only turn a provider off; a new endpoint needs the key typed again.
 */
export function GeoForm() {
  const { t } = useTranslation("geo");
  const messages = useMessageMap("geo", KNOWN);
  const current = useGeoSettings();
  const save = useSaveGeoSettings();
  const form = useForm<GeoSettingsInput>({ resolver: zodResolver(geoSettingsInputSchema) });
  const { errors } = form.formState;
  const { reset } = form;
  useEffect(() => {
    if (current.data) reset(valuesOf(current.data));
  }, [current.data, reset]);

  if (current.isPending) return <Spinner label={t("settings.title")} />;
  if (current.isError) return <Alert tone="danger">{messages.error(current.error)}</Alert>;
  const saved = current.data;

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notify({ title: t("settings.saved"), variant: "success" }),
      onError: (error) => {
        const fields =
          (error instanceof ApiRequestError &&
            (error.details as { fields?: Record<string, string> })?.fields) ||
          {};
        for (const [name, message] of Object.entries(fields))
          form.setError(name as Path<GeoSettingsInput>, { message });
        notify({ title: t("settings.failed"), description: messages.error(error), variant: "error" });
      },
    }),
  );
  const number = (name: Path<GeoSettingsInput>, step: string, testId: string) => (
    <Input {...form.register(name)} type="number" inputMode="decimal" step={step} data-testid={testId} />
  );
  return (
    <Card className="grid max-w-2xl gap-4 p-4 sm:p-6" data-testid="geo-form">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold text-slate-900">{t("settings.title")}</h2>
        <p className="text-sm text-slate-600">{t("settings.description")}</p>
      </div>
      <form className="grid gap-6" onSubmit={submit} noValidate>
        {(Object.keys(PARTS) as Part[]).map((part) => (
          <ProviderFields key={part} part={part} form={form} saved={saved} field={messages.field} />
        ))}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">{t("settings.rules")}</legend>
          <Field
            label={t("settings.circuityFactor")}
            hint={t("settings.circuityHint")}
            error={messages.field(errors.circuityFactor?.message)}
          >
            {number("circuityFactor", "0.01", "geo-circuity")}
          </Field>
          <Field
            label={t("settings.geofenceRadiusMiles")}
            hint={t("settings.geofenceHint")}
            error={messages.field(errors.geofenceRadiusMiles?.message)}
          >
            {number("geofenceRadiusMiles", "0.05", "geo-radius")}
          </Field>
          <Field
            label={t("settings.positionRetentionDays")}
            hint={t("settings.retentionHint")}
            error={messages.field(errors.positionRetentionDays?.message)}
          >
            {number("positionRetentionDays", "1", "geo-retention")}
          </Field>
          <Field
            label={t("settings.sharingIntervalSeconds")}
            hint={t("settings.intervalHint")}
            error={messages.field(errors.sharingIntervalSeconds?.message)}
          >
            {number("sharingIntervalSeconds", "1", "geo-interval")}
          </Field>
          <Field
            label={t("settings.tileStyleUrl")}
            hint={t("settings.tileStyleHint")}
            error={messages.field(errors.tileStyleUrl?.message)}
            className="sm:col-span-2"
          >
            <Input
              {...form.register("tileStyleUrl")}
              inputMode="url"
              placeholder="https://tiles.openfreemap.org/styles/liberty"
              data-testid="geo-tile-style"
            />
          </Field>
        </fieldset>
        <SettingsSaveFooter
          saved={saved}
          pending={save.isPending}
          label={t("settings.save")}
          testId="save-geo"
        />
      </form>
      <GeocoderTest />
    </Card>
  );
}

function ProviderFields({
  part,
  form,
  saved,
  field,
}: {
  part: Part;
  form: UseFormReturn<GeoSettingsInput>;
  saved: GeoSettingsView;
  field: (message: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation("geo");
  const mayMove = saved.canChangeEndpoints;
  const kind = form.watch(`${part}.kind`);
  const url = form.watch(`${part}.url`) ?? "";
  const errors = form.formState.errors[part];
  const was = saved[part];
  const moved = !!kind && geoEndpoint(kind, url) !== geoEndpoint(was.kind, was.url);
  const keyHint = !was.keySet ? "settings.keyNone" : moved ? "settings.keyAgain" : "settings.keySaved";
  const kinds = (PARTS[part] as readonly string[]).filter((k) => mayMove || k === was.kind);
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" data-testid={`geo-${part}`}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">{t(`settings.${part}.title`)}</legend>
      <Field
        label={t(`settings.${part}.kind`)}
        hint={mayMove ? t(`settings.${part}.hint`) : t("settings.endpointLocked")}
        className="sm:col-span-2"
      >
        <Select
          {...form.register(`${part}.kind`, { setValueAs: (v) => (v === "" ? null : v) })}
          data-testid={`geo-${part}-kind`}
        >
          <option value="">{t(`settings.${part}.none`)}</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`providers.${k}`)}
            </option>
          ))}
        </Select>
      </Field>
      {kind ? (
        <>
          <Field
            label={t("settings.url")}
            hint={t("settings.urlHint")}
            error={field(errors?.url?.message)}
            className="sm:col-span-2"
          >
            <Input
              {...form.register(`${part}.url`)}
              inputMode="url"
              placeholder={t(`settings.${part}.urlPlaceholder`)}
              readOnly={!mayMove}
              className={mayMove ? undefined : "bg-slate-50 text-slate-600"}
              data-testid={`geo-${part}-url`}
            />
          </Field>
          <Field
            label={t("settings.key")}
            hint={t(keyHint)}
            error={field(errors?.key?.message)}
            className="sm:col-span-2"
          >
            <Input
              {...form.register(`${part}.key`)}
              type="password"
              autoComplete="off"
              data-testid={`geo-${part}-key`}
            />
          </Field>
        </>
      ) : null}
    </fieldset>
  );
}

/** "Test": the saved geocoder asked once for a known address, and what it answered. */
function GeocoderTest() {
  const { t } = useTranslation("geo");
  const test = useTestGeocoder();
  const messages = useMessageMap("geo", KNOWN);
  const [result, setResult] = useState<GeoTestResult | null>(null);
  return (
    <div className="grid gap-2 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: setResult,
              onError: (error) =>
                notify({ title: t("test.failed"), description: messages.error(error), variant: "error" }),
            })
          }
          data-testid="geo-test"
        >
          {test.isPending ? <Spinner /> : <MapPinned aria-hidden />}
          {t("test.button")}
        </Button>
        <span className="text-sm text-slate-600">{t("test.hint")}</span>
      </div>
      {result ? (
        <p role="status" className="text-sm text-slate-700" data-testid="geo-test-result">
          {t(`test.outcome.${result.outcome}`, {
            provider: result.provider ? t(`providers.${result.provider}`) : "",
            address: result.address,
            ms: result.milliseconds,
          })}{" "}
          {result.place
            ? t("test.place", {
                label: result.place.label,
                precision: t(`precision.${result.place.precision}`),
                source: t(`sources.${result.place.source}`),
                zone: result.place.timeZone ?? "—",
              })
            : t("test.noPlace")}
        </p>
      ) : null}
    </div>
  );
}
