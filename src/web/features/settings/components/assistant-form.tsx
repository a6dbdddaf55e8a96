import { zodResolver } from "@hookform/resolvers/zod";
import {
  AI_PROVIDERS,
  type AssistantSettingsInput,
  assistantSettingsInputSchema,
} from "@shared/assistant/assistant.schema";
import { Save } from "lucide-react";
import { useEffect } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useAssistantSettings, useSaveAssistantSettings } from "../api/settings";
import { useSettingsMessages } from "../settings-messages";

const MODEL_HINTS: Record<(typeof AI_PROVIDERS)[number], string> = {
  openai: "gpt-4o-mini",
  anthropic: "claude-sonnet-4-5",
  google: "gemini-2.5-flash",
  "openai-compatible": "llama-3.3-70b-instruct",
};

/**
 * Settings → AI assistant (admin, manager): the provider, its model, an OpenAI-compatible server's
 * address, and the API key — kept encrypted on the server and never shown again (empty keeps it).
 */
export function AssistantForm() {
  const { t } = useTranslation(["settings", "common"]);
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

  if (current.isPending) return <Spinner label={t("assistant.title")} />;
  if (current.isError) return <Alert tone="danger">{messages.error(current.error)}</Alert>;

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
        <Field label={t("assistant.provider")}>
          <Select
            {...form.register("provider", { setValueAs: (v) => (v === "" ? null : v) })}
            data-testid="assistant-provider"
          >
            <option value="">{t("assistant.off")}</option>
            {AI_PROVIDERS.map((p) => (
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
                data-testid="assistant-base-url"
              />
            </Field>
            <Field
              label={t("assistant.apiKey")}
              hint={t(current.data.keySet ? "assistant.keySaved" : "assistant.keyNone")}
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
        {current.data.updatedByName && current.data.updatedAt ? (
          <p className="text-xs text-slate-500">
            {t("company.updated", {
              name: current.data.updatedByName,
              when: formatDateTime(current.data.updatedAt),
            })}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={save.isPending} data-testid="save-assistant">
            {save.isPending ? <Spinner /> : <Save aria-hidden />}
            {t("assistant.save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
