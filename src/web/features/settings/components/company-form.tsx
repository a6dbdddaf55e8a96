import { zodResolver } from "@hookform/resolvers/zod";
import { ROUTES } from "@shared/access";
import {
  type CompanySettings,
  type CompanySettingsInput,
  CURRENCIES,
  companySettingsInputSchema,
  LOGO_TYPES,
} from "@shared/settings/settings.schema";
import { ArrowRight, ImageUp, Save, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useCompanyLogo, useCompanySettings, useSaveCompanySettings } from "../api/settings";
import { useSettingsMessages } from "../settings-messages";

const zones = (): string[] =>
  (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];

/**
 * Settings → Company: the legal name, address, phone, billing email, USDOT and MC numbers printed on
 * every PDF and email, the logo, the calendar's time zone and the currency money is shown in.
 */
export function CompanyForm() {
  const { t } = useTranslation(["settings", "common"]);
  const messages = useSettingsMessages();
  const current = useCompanySettings();
  const save = useSaveCompanySettings();
  const logo = useCompanyLogo();
  const picker = useRef<HTMLInputElement>(null);
  const form = useForm<CompanySettingsInput>({ resolver: zodResolver(companySettingsInputSchema) });
  const { errors } = form.formState;
  const { reset } = form;
  useEffect(() => {
    if (current.data) {
      const { logo: _logo, updatedAt: _at, updatedByName: _by, ...values } = current.data;
      reset(values);
    }
  }, [current.data, reset]);

  if (current.isPending) return <Spinner label={t("company.title")} />;
  if (current.isError) return <Alert tone="danger">{messages.error(current.error)}</Alert>;
  const c: CompanySettings = current.data;
  const err = (name: keyof CompanySettingsInput) => messages.field(errors[name]?.message);

  const onValid = (values: CompanySettingsInput) =>
    save.mutate(values, {
      onSuccess: () => notify({ title: t("company.saved"), variant: "success" }),
      onError: (error) => {
        if (error instanceof ApiRequestError && Object.keys(error.fields).length)
          for (const [field, text] of Object.entries(error.fields))
            form.setError(field as Path<CompanySettingsInput>, { type: "server", message: text });
        else notify({ title: t("company.failed"), description: messages.error(error), variant: "error" });
      },
    });
  const failed = (error: unknown) =>
    notify({ title: t("company.logoFailed"), description: messages.error(error), variant: "error" });

  return (
    <Card className="grid max-w-3xl gap-4 p-4 sm:p-6" data-testid="company-form">
      <p className="text-sm text-slate-600">
        {c.updatedAt
          ? t("company.updated", { name: c.updatedByName ?? "", when: formatDateTime(c.updatedAt) })
          : t("company.defaults")}
      </p>
      <form className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={form.handleSubmit(onValid)}>
        <Field label={t("company.name")} error={err("name")} className="sm:col-span-2">
          <Input autoComplete="organization" {...form.register("name")} />
        </Field>
        <Field
          label={t("company.address")}
          hint={t("company.addressHint")}
          error={err("address")}
          className="sm:col-span-2"
        >
          <Textarea rows={2} {...form.register("address")} />
        </Field>
        <Field label={t("company.phone")} error={err("phone")}>
          <Input type="tel" {...form.register("phone")} />
        </Field>
        <Field label={t("company.email")} hint={t("company.emailHint")} error={err("email")}>
          <Input type="email" {...form.register("email")} />
        </Field>
        <Field label={t("company.usdot")} error={err("usdot")}>
          <Input inputMode="numeric" {...form.register("usdot")} />
        </Field>
        <Field label={t("company.mc")} error={err("mc")}>
          <Input inputMode="numeric" {...form.register("mc")} />
        </Field>
        <Field label={t("company.timeZone")} hint={t("company.timeZoneHint")} error={err("timeZone")}>
          <Input list="company-zones" {...form.register("timeZone")} data-testid="company-time-zone" />
        </Field>
        <datalist id="company-zones">
          {zones().map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <Field label={t("company.currency")} hint={t("company.currencyHint")} error={err("currency")}>
          <Select {...form.register("currency")}>
            {CURRENCIES.map((cur) => (
              <option key={cur} value={cur}>
                {t(`company.currencies.${cur}`)}
              </option>
            ))}
          </Select>
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending} data-testid="save-company">
            {save.isPending ? <Spinner /> : <Save aria-hidden />}
            {t("company.save")}
          </Button>
        </div>
      </form>
      <div className="grid gap-1 border-t border-slate-100 pt-4">
        <h3 className="text-sm font-medium text-slate-900">{t("company.payPeriods")}</h3>
        <p className="text-sm text-slate-600">{t("company.payPeriodsText")}</p>
        <Link
          to={`${ROUTES.settlements.path}?paySettings=1`}
          className="inline-flex min-h-11 items-center gap-1 justify-self-start text-sm font-medium text-brand-700 hover:text-brand-600"
          data-testid="pay-periods-link"
        >
          {t("company.payPeriodsLink")}
          <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      </div>
      <div className="grid gap-2 border-t border-slate-100 pt-4">
        <h3 className="text-sm font-medium text-slate-900">{t("company.logo")}</h3>
        <p className="text-sm text-slate-600" data-testid="company-logo">
          {c.logo ? t("company.logoOn", { name: c.logo.fileName }) : t("company.logoNone")}
        </p>
        <div className="flex flex-wrap gap-2">
          <input
            ref={picker}
            type="file"
            accept={LOGO_TYPES.join(",")}
            hidden
            data-testid="company-logo-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file)
                logo.upload.mutate(file, {
                  onSuccess: () => notify({ title: t("company.logoSaved"), variant: "success" }),
                  onError: failed,
                });
            }}
          />
          <Button variant="outline" disabled={logo.upload.isPending} onClick={() => picker.current?.click()}>
            {logo.upload.isPending ? <Spinner /> : <ImageUp aria-hidden />}
            {t("company.logoUpload")}
          </Button>
          {c.logo ? (
            <Button
              variant="ghost"
              disabled={logo.remove.isPending}
              onClick={() =>
                logo.remove.mutate(undefined, {
                  onSuccess: () => notify({ title: t("company.logoRemoved"), variant: "success" }),
                  onError: failed,
                })
              }
            >
              <Trash2 aria-hidden />
              {t("company.logoRemove")}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-slate-500">{t("company.logoHint")}</p>
      </div>
    </Card>
  );
}
