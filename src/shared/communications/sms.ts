/**
 * SMS rules shared by the blast's composer (the counter) and the server (what is sent, which reply
 * means what). Pure TS.
 */

/** Every blast ends with it (carrier rules; the company name goes first). */
export const SMS_STOP_LINE = "Reply STOP to opt out.";
export const SMS_BODY_MAX = 600;

// The GSM 03.38 basic set and its extension (an extension character counts twice).
const GSM =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

/** How a text is billed: GSM-7 (160 a segment, 153 when split) or UCS-2 (70, 67 when split). */
export function smsSegments(text: string): {
  encoding: "GSM-7" | "UCS-2";
  characters: number;
  segments: number;
} {
  let units = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM.includes(ch)) units += 1;
    else if (GSM_EXTENDED.includes(ch)) units += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm)
    return { encoding: "GSM-7", characters: units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  const length = [...text].reduce((n, ch) => n + (ch.codePointAt(0)! > 0xffff ? 2 : 1), 0);
  return { encoding: "UCS-2", characters: length, segments: length <= 70 ? 1 : Math.ceil(length / 67) };
}

/** The text a recipient receives: the company's name, the message, the opt-out line. */
export const smsText = (company: string, body: string) =>
  [`${company}:`, body.trim(), SMS_STOP_LINE].filter(Boolean).join(" ");

/** Replies that opt out (carrier keywords and their plain-language equivalents), opt back in, or ask for help. */
export const OPT_OUT_WORDS = [
  "stop",
  "stopall",
  "unsubscribe",
  "cancel",
  "end",
  "quit",
  "opt out",
  "optout",
  "revoke",
  "no más",
  "no mas",
  "arrêt",
  "arret",
] as const;
export const OPT_IN_WORDS = ["start", "unstop", "yes"] as const;
export const HELP_WORDS = ["help", "info", "ayuda"] as const;

export type Keyword = "opt_out" | "opt_in" | "help" | null;
/** What an inbound reply means: the whole message, trimmed and lower-cased, is one keyword. */
export function keywordOf(text: string): Keyword {
  const word = text
    .trim()
    .toLowerCase()
    .replace(/[.!¡?¿]+$/g, "")
    .replace(/\s+/g, " ");
  if ((OPT_OUT_WORDS as readonly string[]).includes(word)) return "opt_out";
  if ((OPT_IN_WORDS as readonly string[]).includes(word)) return "opt_in";
  if ((HELP_WORDS as readonly string[]).includes(word)) return "help";
  return null;
}

export const CONSENT_STATUSES = ["opted_in", "opted_out", "unknown"] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
export const CONSENT_METHODS = ["form", "paper", "keyword", "import", "verbal"] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** Blasts go out between 8:00 and 21:00 in the recipient's time zone; stricter states per `sms_quiet_hours`. */
export const DEFAULT_SMS_WINDOW = { startHour: 8, endHour: 21 } as const;
