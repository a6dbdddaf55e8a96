import {
  FUEL_SURCHARGE_OVER_BASE,
  PICKUP_AND_DELIVERY_MESSAGE,
  REEFER_TEMPERATURE_MESSAGE,
  STOPS_ORDER_MESSAGE,
  TEMPERATURE_ORDER_MESSAGE,
} from "@shared/loads/loads.schema";
import { WINDOW_END_BEFORE_START_MESSAGE, WINDOW_END_REQUIRED_MESSAGE } from "@shared/loads/stops.schema";
import { useCallback } from "react";
import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";

/**
 * The shared load schema speaks English (it is the API's contract too); the form shows its rules in
 * the user's language. An empty required field says "required" whatever rule caught it; a rule of
 * the list (the stops' order) reads the same whether the form or the server caught it; any other
 * message set by the server, or one this map does not know, is shown as sent.
 */
const KNOWN: Record<string, string> = {
  "Location name is required.": "validation.required",
  "Street address is required.": "validation.required",
  "City is required.": "validation.required",
  "State is required.": "validation.required",
  "Date and time are required.": "validation.required",
  "Enter an amount like 1250 or 1250.50.": "validation.money",
  "Must be zero or more.": "validation.notNegative",
  "Use letters, digits and dashes (e.g. LD-2026-00042).": "validation.loadNumber",
  [PICKUP_AND_DELIVERY_MESSAGE]: "validation.pickupAndDelivery",
  [STOPS_ORDER_MESSAGE]: "validation.stopsOrder",
  [FUEL_SURCHARGE_OVER_BASE]: "validation.fuelSurchargeOverBase",
  [REEFER_TEMPERATURE_MESSAGE]: "validation.reeferTemp",
  [TEMPERATURE_ORDER_MESSAGE]: "validation.tempOrder",
  [WINDOW_END_REQUIRED_MESSAGE]: "validation.windowEnd",
  [WINDOW_END_BEFORE_START_MESSAGE]: "validation.windowOrder",
};
/** The stops list's rules: its value is no string, so "required" never stands in for them. */
const LIST_RULES = new Set(["validation.pickupAndDelivery", "validation.stopsOrder"]);

export function useLoadFieldMessage() {
  const { t } = useTranslation("loads");
  return useCallback(
    (error: FieldError, value: unknown): string => {
      const key = error.message ? KNOWN[error.message] : undefined;
      if (key && LIST_RULES.has(key)) return t(key);
      if (error.type === "server" && error.message) return error.message;
      if (typeof value === "string" && value.trim() === "") return t("validation.required");
      if (key) return t(key);
      if (error.type === "too_big") return t("validation.tooBig");
      if (error.type === "invalid_type") return t("validation.number");
      return error.message ?? t("validation.invalid");
    },
    [t],
  );
}
