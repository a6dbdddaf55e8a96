import { OpenAPIHono } from "@hono/zod-openapi";
import {
  automatedSwitchesInputSchema,
  automatedSwitchesSchema,
  languageInputSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
} from "@shared/notifications/preferences.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonBody, jsonContent } from "../../http/route";
import { createPreferencesService } from "./preferences.service";

const tags = ["Notifications"];
const READ = "notifications:read";

const getPreferences = defineRoute({
  method: "get",
  path: "/api/me/notification-preferences",
  tags,
  summary:
    "The caller's notification kinds and which also arrive by email and by text (texts only with recorded consent), their language, and what the company switched off",
  access: READ,
  responses: { 200: jsonContent(notificationPreferencesSchema) },
});
const putPreferences = defineRoute({
  method: "put",
  path: "/api/me/notification-preferences",
  tags,
  summary: "Save which of the caller's notification kinds also arrive by email and by text",
  access: READ,
  request: { body: jsonBody(notificationPreferencesInputSchema) },
  responses: { 200: jsonContent(notificationPreferencesSchema) },
});
const putLanguage = defineRoute({
  method: "put",
  path: "/api/me/language",
  tags,
  summary: "The language the caller chose in the app (en, es, fr): their emails and texts are written in it",
  access: "profile:update",
  request: { body: jsonBody(languageInputSchema) },
  responses: { 200: jsonContent(languageInputSchema) },
});
const getAutomated = defineRoute({
  method: "get",
  path: "/api/notifications/automated",
  tags,
  summary:
    "The company's automated notifications (load assigned, delivered with proof, document expiring, bill due, time off reviewed, contract sent) and which channels each uses",
  access: "communications:send",
  responses: { 200: jsonContent(automatedSwitchesSchema) },
});
const putAutomated = defineRoute({
  method: "put",
  path: "/api/notifications/automated",
  tags,
  summary: "Switch automated notifications on or off per channel (in-app, email, SMS); audited",
  access: "automatedNotifications:manage",
  request: { body: jsonBody(automatedSwitchesInputSchema) },
  responses: { 200: jsonContent(automatedSwitchesSchema) },
});

export function notificationPreferencesRoutes(deps: Deps) {
  const service = createPreferencesService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(getPreferences, async (c) => c.json(await service.get(actorOf(c)), 200))
    .openapi(putPreferences, async (c) => c.json(await service.save(actorOf(c), c.req.valid("json")), 200))
    .openapi(putLanguage, async (c) =>
      c.json(await service.saveLanguage(actorOf(c), c.req.valid("json").language), 200),
    )
    .openapi(getAutomated, async (c) => c.json(await service.switches(), 200))
    .openapi(putAutomated, async (c) =>
      c.json(await service.saveSwitches(actorOf(c), c.req.valid("json")), 200),
    );
}
