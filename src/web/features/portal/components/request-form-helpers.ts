import { DELIVERY_BEFORE_PICKUP_MESSAGE, PICKUP_IN_PAST_MESSAGE } from "@shared/portal/load-requests.schema";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** A `datetime-local` value (the user's time zone) as a UTC instant; empty stays empty for the schema. */
export function fromLocalInput(local: string): string {
  if (!local) return "";
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

/** The shared schema's English rules, shown in the user's language; unknown messages as sent. */
const KNOWN: Record<string, string> = {
  [PICKUP_IN_PAST_MESSAGE]: "portal:request.errors.pickupPast",
  [DELIVERY_BEFORE_PICKUP_MESSAGE]: "portal:request.errors.deliveryBeforePickup",
  "Enter a valid amount.": "portal:request.errors.number",
  "Must be zero or more.": "portal:request.errors.notNegative",
  "Describe the freight.": "portal:request.errors.commodity",
  "Choose the equipment.": "portal:request.errors.equipment",
};

export function useRequestFieldMessage() {
  const { t } = useTranslation("portal");
  return useCallback(
    (message: string | undefined, value: unknown): string | undefined => {
      if (!message) return undefined;
      const key = KNOWN[message];
      if (key) return t(key);
      // Any rule on an empty required field reads as "required".
      if (typeof value === "string" && value.trim() === "") return t("request.errors.required");
      return message;
    },
    [t],
  );
}
