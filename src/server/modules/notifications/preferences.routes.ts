import {
  automatedSwitchesInputSchema,
  automatedSwitchesSchema,
  languageInputSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
} from "@shared/notifications/preferences.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createPreferencesService } from "./preferences.service";

export function notificationPreferencesRoutes(deps: Deps) {
  const service = createPreferencesService(deps);
  const t = routeTable({ tags: ["Notifications"], access: "notifications:read" });
  t.list(
    "/api/me/notification-preferences",
    {
      summary:
        "The caller's notification kinds and which also arrive by email and by text (texts only with recorded consent), their language, and what the company switched off",
      response: notificationPreferencesSchema,
    },
    ({ actor }) => service.get(actor),
  );
  t.json(
    "put",
    "/api/me/notification-preferences",
    {
      summary:
        "Save which of the caller's notification kinds also arrive by email, by text and as a push (and whether chat messages are pushed)",
      body: notificationPreferencesInputSchema,
      response: notificationPreferencesSchema,
    },
    ({ actor, body }) => service.save(actor, body),
  );
  t.json(
    "put",
    "/api/me/language",
    {
      summary:
        "The language the caller chose in the app (en, es, fr): their emails and texts are written in it",
      access: "profile:update",
      body: languageInputSchema,
      response: languageInputSchema,
    },
    ({ actor, body }) => service.saveLanguage(actor, body.language),
  );
  t.list(
    "/api/notifications/automated",
    {
      summary:
        "The company's automated notifications (load assigned, delivered with proof, document expiring, bill due, time off reviewed, contract sent) and which channels each uses",
      access: "communications:send",
      response: automatedSwitchesSchema,
    },
    () => service.switches(),
  );
  t.json(
    "put",
    "/api/notifications/automated",
    {
      summary: "Switch automated notifications on or off per channel (in-app, email, SMS); audited",
      access: "automatedNotifications:manage",
      body: automatedSwitchesInputSchema,
      response: automatedSwitchesSchema,
    },
    ({ actor, body }) => service.saveSwitches(actor, body),
  );
  return t.app;
}
