import { ASSISTANT_MESSAGES } from "@shared/assistant/assistant.schema";
import { TWO_FACTOR_MESSAGES } from "@shared/auth/two-factor.schema";
import { SETTINGS_MESSAGES } from "@shared/settings/settings.schema";
import { useMessageMap } from "../../lib/use-message-map";

const KNOWN: Record<string, string> = Object.fromEntries([
  ...Object.entries(SETTINGS_MESSAGES).map(([key, message]) => [message, `errors.${key}`]),
  ...Object.entries(ASSISTANT_MESSAGES).map(([key, message]) => [message, `assistant.errors.${key}`]),
  ...Object.entries(TWO_FACTOR_MESSAGES).map(([key, message]) => [message, `twoFactor.errors.${key}`]),
]);
const CODES = { FILE_TYPE_NOT_ALLOWED: "errors.logoType", FILE_TOO_LARGE: "errors.logoSize" };

/** The settings forms' server and schema messages in the reader's language. */
export const useSettingsMessages = () => useMessageMap("settings", KNOWN, CODES);
