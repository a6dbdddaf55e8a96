import { zodResolver } from "@hookform/resolvers/zod";
import { ROUTES } from "@shared/access";
import { LANGUAGES } from "@shared/i18n/i18n.config";
import { type Profile, type ProfileInput, profileInputSchema } from "@shared/settings/settings.schema";
import { KeyRound, Save } from "lucide-react";
import { useEffect } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { useProfile, useSaveProfile } from "../api/settings";
import { useSettingsMessages } from "../settings-messages";

/**
 * The user's own profile: name, phone (a driver's and a customer's on the record dispatch sees),
 * the language of the app and of their emails and texts, and the way to a new password.
 */
export function ProfileForm() {
  const { t, i18n } = useTranslation(["settings", "common"]);
  const messages = useSettingsMessages();
  const current = useProfile();
  const save = useSaveProfile();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileInputSchema),
    defaultValues: { name: "", phone: "", language: "en" },
  });
  const { errors } = form.formState;
  const { reset } = form;
  useEffect(() => {
    if (current.data)
      reset({ name: current.data.name, phone: current.data.phone, language: current.data.language });
  }, [current.data, reset]);

  if (current.isPending) return <Spinner label={t("profile.title")} />;
  if (current.isError) return <Alert tone="danger">{messages.error(current.error)}</Alert>;
  const p: Profile = current.data;

  const onValid = (values: ProfileInput) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        notify({ title: t("profile.saved"), variant: "success" });
        // The app speaks the chosen language at once; this browser has it on record.
        if (saved.language !== i18n.resolvedLanguage) void i18n.changeLanguage(saved.language);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && Object.keys(error.fields).length)
          for (const [field, text] of Object.entries(error.fields))
            form.setError(field as Path<ProfileInput>, { type: "server", message: text });
        else notify({ title: t("profile.failed"), description: messages.error(error), variant: "error" });
      },
    });

  return (
    <Card className="grid max-w-2xl gap-4 p-4 sm:p-6" data-testid="profile-form">
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onValid)}>
        <Field label={t("profile.name")} error={messages.field(errors.name?.message)}>
          <Input autoComplete="name" {...form.register("name")} />
        </Field>
        <Field label={t("profile.email")} hint={t("profile.emailHint")}>
          <Input value={p.email} readOnly disabled />
        </Field>
        <Field
          label={t("profile.phone")}
          hint={p.phoneOf === "profile" ? undefined : t(`profile.phoneOf.${p.phoneOf}`)}
          error={messages.field(errors.phone?.message)}
        >
          <Input type="tel" autoComplete="tel" {...form.register("phone")} />
        </Field>
        <Field label={t("profile.language")} hint={t("profile.languageHint")}>
          <Select {...form.register("language")} data-testid="profile-language">
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`common:languages.${l}`)}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending} data-testid="save-profile">
            {save.isPending ? <Spinner /> : <Save aria-hidden />}
            {t("profile.save")}
          </Button>
          <Button variant="outline" asChild>
            <Link to={ROUTES.changePassword.path}>
              <KeyRound aria-hidden />
              {t("profile.password")}
            </Link>
          </Button>
        </div>
      </form>
    </Card>
  );
}
