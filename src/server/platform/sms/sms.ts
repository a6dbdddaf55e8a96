import { createHmac, timingSafeEqual } from "node:crypto";
import { toE164 } from "@shared/auth/phone";
import type { Config } from "../../config";

/** A phone number in E.164 (US numbers may be written without +1), or null: the app's one rule. */
export { toE164 };

export interface SmsResult {
  status: "sent" | "failed" | "not_configured";
  providerId?: string;
  error?: string;
}

export interface Sms {
  /** Whether a provider is set (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM). */
  readonly configured: boolean;
  /** Sends one text to an E.164 number; never throws for a provider's refusal. */
  send(to: string, body: string): Promise<SmsResult>;
  /** Whether an inbound webhook carries the provider's signature (Twilio's X-Twilio-Signature scheme). */
  verify(url: string, params: Record<string, string>, signature: string | undefined): boolean;
}

/**
 * The SMS adapter: a Twilio-compatible HTTP provider when configured (POST
 * {base}/2010-04-01/Accounts/{sid}/Messages.json with To, From, Body and basic auth), otherwise an
 * honest "not configured" — the communication log keeps such texts as "not sent".
 */
export function createSms(config: Pick<Config, "sms">): Sms {
  const settings = config.sms;
  return {
    configured: !!settings,
    async send(to, body) {
      if (!settings) return { status: "not_configured" };
      try {
        const res = await fetch(
          `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
          {
            method: "POST",
            headers: {
              authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`,
              "content-type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({ To: to, From: settings.from, Body: body }),
            signal: AbortSignal.timeout(15_000),
          },
        );
        const answer = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
        if (!res.ok) return { status: "failed", error: answer.message ?? `HTTP ${res.status}` };
        return { status: "sent", providerId: answer.sid };
      } catch (err) {
        return { status: "failed", error: err instanceof Error ? err.message : String(err) };
      }
    },
    verify(url, params, signature) {
      if (!settings || !signature) return false;
      const data = Object.keys(params)
        .sort()
        .reduce((acc, key) => acc + key + params[key], url);
      const expected = createHmac("sha1", settings.authToken).update(data).digest("base64");
      const a = Buffer.from(expected);
      const b = Buffer.from(signature);
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

/** Signs a webhook as the provider does (for tests and for a provider simulator). */
export function signWebhook(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", authToken).update(data).digest("base64");
}
