import { z } from "zod";
import { LOAD_STATUSES } from "../loads/loads.schema";

/** Spec section 8's words, and what the panel says when the provider fails (details stay in the server log). */
export const ASSISTANT_MESSAGES = {
  notConfigured: "AI assistant not configured",
  apology: "Sorry, the assistant could not answer just now. Please try again in a moment.",
  model: "Enter the model's name.",
  baseUrl: "Enter the endpoint's address, such as https://llm.example.com/v1.",
  key: "Enter the API key.",
  keyAgain: "Enter the API key again to change the provider or its server address.",
  endpoint: "Your role may not change the AI provider or its server address.",
} as const;
const M = ASSISTANT_MESSAGES;

export const AI_PROVIDERS = ["openai", "anthropic", "google", "openai-compatible"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** The settings as shown: the key itself never leaves the server. */
export const assistantSettingsSchema = z.object({
  provider: z.enum(AI_PROVIDERS).nullable(),
  model: z.string(),
  baseUrl: z.string(),
  keySet: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;

export const assistantSettingsInputSchema = z
  .object({
    /** null turns the assistant off (the key is forgotten). */
    provider: z.enum(AI_PROVIDERS).nullable(),
    model: z.string().trim().max(100),
    baseUrl: z.string().trim().max(300),
    /**
     * Empty keeps the saved key, for the same provider and address only: a new endpoint needs the key
     * entered again (the saved one is never sent anywhere new).
     */
    apiKey: z.string().trim().max(500),
  })
  .superRefine((v, ctx) => {
    if (!v.provider) return;
    if (!v.model) ctx.addIssue({ code: "custom", path: ["model"], message: M.model });
    if (v.provider === "openai-compatible" && !/^https?:\/\/\S+$/.test(v.baseUrl))
      ctx.addIssue({ code: "custom", path: ["baseUrl"], message: M.baseUrl });
  });
export type AssistantSettingsInput = z.input<typeof assistantSettingsInputSchema>;

/**
 * Where the assistant sends the company's questions and its key: the provider and its server address
 * (none: the provider's own), as the audit log records it; null when the assistant is off.
 */
export function assistantEndpoint(provider: AiProvider | null, baseUrl: string): string | null {
  if (!provider) return null;
  return baseUrl ? `${provider} ${baseUrl}` : provider;
}

export const assistantStatusSchema = z.object({
  configured: z.boolean(),
  /** Whether this user may set the provider and key (Settings → AI assistant). */
  canConfigure: z.boolean(),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

export const assistantChatSchema = z.object({
  messages: z
    .array(z.object({ role: z.enum(["user", "assistant"]), content: z.string().trim().min(1).max(4000) }))
    .min(1)
    .max(40),
  /** The reader's language: the assistant answers in it. */
  language: z.enum(["en", "es", "fr"]).default("en"),
});
export type AssistantChat = z.input<typeof assistantChatSchema>;

/** A change the assistant proposes: shown as a card, carried out only when the user confirms. */
export const assistantProposalSchema = z.object({
  kind: z.literal("loadStatus"),
  loadId: z.string(),
  loadNumber: z.string(),
  status: z.enum(LOAD_STATUSES),
});
export type AssistantProposal = z.infer<typeof assistantProposalSchema>;

/**
 * The answer's stream: one JSON object per line. `text` parts arrive as the model writes; `navigate`
 * opens a page the user may open; `proposal` is a card to confirm; `error` is the apology.
 */
export type AssistantEvent =
  | { type: "text"; text: string }
  | { type: "navigate"; path: string }
  | { type: "proposal"; proposal: AssistantProposal }
  | { type: "error"; code: "ASSISTANT_FAILED"; message: string }
  | { type: "done" };
