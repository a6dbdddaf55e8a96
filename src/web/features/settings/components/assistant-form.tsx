import { zodResolver } from "@hookform/resolvers/zod";
import { ASSISTANT_ENDPOINT, can } from "@shared/access";
import {
  AI_PROVIDERS,
  type AssistantSettingsInput,
  assistantEndpoint,
  assistantSettingsInputSchema,
} from "@shared/assistant/assistant.schema";
import { useEffect } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useAssistantSettings, useSaveAssistantSettings } from "../api/settings";
import { useSettingsMessages } from "../settings-messages";
import { SettingsSaveFooter } from "./settings-save-footer";

const MODEL_HINTS: Record<(typeof AI_PROVIDERS)[number], string> = {
  openai: "gpt-4o-mini",
  anthropic: "claude-sonnet-4-5",
  google: "gemini-2.5-flash",
  "openai-compatible": "llama-3.3-70b-instruct",
};

/**
 * Settings → AI assistant (admin, manager): the provider, its model, an OpenAI-compatible server's
 * address, and the API key — kept encrypted on the server and never shown again (empty keeps it).
 * Where it connects (provider and address) is ASSISTANT_ENDPOINT's (admin by default): others see
 * it read-only and may only turn the assistant off; a new endpoint needs the key typed again.
 */
export function AssistantForm() {
  const { t } = useTranslation(["settings", "common"]);
  const { data: me } = useMe();
  const mayMove = can(me ?? null, ASSISTANT_ENDPOINT);
  const messages = useSettingsMessages();
  const current = useAssistantSettings();
  const save = useSaveAssistantSettings();
  const form = useForm<AssistantSettingsInput>({ resolver: zodResolver(assistantSettingsInputSchema) });
  const { errors } = form.formState;
  const { reset } = form;
  useEffect(() => {
    if (current.data)
      reset({
        provider: current.data.provider,
        model: current.data.model,
        baseUrl: current.data.baseUrl,
        apiKey: "",
      });
  }, [current.data, reset]);
  const provider = form.watch("provider");
  const baseUrl = form.watch("baseUrl");

  if (current.isPending) return <Spinner label={t("assistant.title")} />;
  if (current.isError) return <Alert tone="danger">{messages.error(current.error)}</Alert>;
  const saved = current.data;
  const moved =
    !!provider &&
    assistantEndpoint(provider, baseUrl ?? "") !== assistantEndpoint(saved.provider, saved.baseUrl);
  const keyHint = !saved.keySet ? "assistant.keyNone" : moved ? "assistant.keyAgain" : "assistant.keySaved";

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notify({ title: t("assistant.saved"), variant: "success" });
        form.setValue("apiKey", "");
      },
      onError: (error) => {
        const fields =
          (error instanceof ApiRequestError &&
            (error.details as { fields?: Record<string, string> })?.fields) ||
          {};
        for (const [name, message] of Object.entries(fields))
          form.setError(name as Path<AssistantSettingsInput>, { message });
        notify({ title: t("assistant.failed"), description: messages.error(error), variant: "error" });
      },
    }),
  );
  return (
    <Card className="grid max-w-2xl gap-4 p-4 sm:p-6" data-testid="assistant-form">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold text-slate-900">{t("assistant.title")}</h2>
        <p className="text-sm text-slate-600">{t("assistant.description")}</p>
      </div>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field label={t("assistant.provider")} hint={mayMove ? undefined : t("assistant.endpointLocked")}>
          <Select
            {...form.register("provider", { setValueAs: (v) => (v === "" ? null : v) })}
            data-testid="assistant-provider"
          >
            <option value="">{t("assistant.off")}</option>
            {AI_PROVIDERS.filter((p) => mayMove || p === saved.provider).map((p) => (
              <option key={p} value={p}>
                {t(`assistant.providers.${p}`)}
              </option>
            ))}
          </Select>
        </Field>
        {provider ? (
          <>
            <Field label={t("assistant.model")} error={messages.field(errors.model?.message)}>
              <Input
                {...form.register("model")}
                placeholder={MODEL_HINTS[provider]}
                data-testid="assistant-model"
              />
            </Field>
            <Field
              label={t("assistant.baseUrl")}
              hint={t(
                provider === "openai-compatible" ? "assistant.baseUrlHint" : "assistant.baseUrlOptional",
              )}
              error={messages.field(errors.baseUrl?.message)}
            >
              <Input
                {...form.register("baseUrl")}
                inputMode="url"
                placeholder="https://llm.example.com/v1"
                readOnly={!mayMove}
                className={mayMove ? undefined : "bg-slate-50 text-slate-600"}
                data-testid="assistant-base-url"
              />
            </Field>
            <Field
              label={t("assistant.apiKey")}
              hint={t(keyHint)}
              error={messages.field(errors.apiKey?.message)}
            >
              <Input
                {...form.register("apiKey")}
                type="password"
                autoComplete="off"
                data-testid="assistant-key"
              />
            </Field>
          </>
        ) : null}
        <SettingsSaveFooter
          saved={saved}
          pending={save.isPending}
          label={t("assistant.save")}
          testId="save-assistant"
        />
      </form>
    </Card>
  );
}
