import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  companySettingsInputSchema,
  companySettingsSchema,
  dispatchSettingsInputSchema,
  dispatchSettingsSchema,
  LOGO_MAX_BYTES,
  profileInputSchema,
  profileSchema,
  SETTINGS_MESSAGES,
} from "@shared/settings/settings.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { fileField, uploadBodyLimit, withMiddleware } from "../../http/files";
import { defineRoute, jsonBody, jsonContent } from "../../http/route";
import { createSettingsService } from "./settings.service";

const tags = ["Settings"];
const COMPANY = "company:manage";

const getCompany = defineRoute({
  method: "get",
  path: "/api/settings/company",
  tags,
  summary:
    "The company's profile on every PDF and email: legal name, address, phone, billing email, USDOT and MC numbers, time zone, currency shown, logo",
  access: COMPANY,
  responses: { 200: jsonContent(companySettingsSchema) },
});
const putCompany = defineRoute({
  method: "put",
  path: "/api/settings/company",
  tags,
  summary: "Save the company's profile: every instance applies it at once; audited",
  access: COMPANY,
  request: { body: jsonBody(companySettingsInputSchema) },
  responses: { 200: jsonContent(companySettingsSchema) },
});
const putLogo = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/settings/company/logo",
    tags,
    summary: "Upload the logo printed on every PDF (PNG or JPEG by content, at most 512 KB); audited",
    access: COMPANY,
    request: {
      body: { required: true, content: { "multipart/form-data": { schema: z.object({ file: fileField }) } } },
    },
    responses: { 200: jsonContent(companySettingsSchema) },
  }),
  uploadBodyLimit(LOGO_MAX_BYTES, SETTINGS_MESSAGES.logoSize),
);
const deleteLogo = defineRoute({
  method: "delete",
  path: "/api/settings/company/logo",
  tags,
  summary: "Remove the logo; audited",
  access: COMPANY,
  responses: { 200: jsonContent(companySettingsSchema) },
});
const getDispatch = defineRoute({
  method: "get",
  path: "/api/settings/dispatch",
  tags,
  summary:
    "When a load checked in stop by stop counts as delivered: when the driver leaves the last stop " +
    "(departure, the default) or once its proof of delivery is uploaded after the unload (pod)",
  access: COMPANY,
  responses: { 200: jsonContent(dispatchSettingsSchema) },
});
const putDispatch = defineRoute({
  method: "put",
  path: "/api/settings/dispatch",
  tags,
  summary: "Choose when a load counts as delivered (departure or pod); applies to the next check-in; audited",
  access: COMPANY,
  request: { body: jsonBody(dispatchSettingsInputSchema) },
  responses: { 200: jsonContent(dispatchSettingsSchema) },
});
const getProfile = defineRoute({
  method: "get",
  path: "/api/me/profile",
  tags,
  summary: "The caller's profile: name, email, phone (a driver's and a customer's on their record), language",
  access: "profile:read",
  responses: { 200: jsonContent(profileSchema) },
});
const putProfile = defineRoute({
  method: "put",
  path: "/api/me/profile",
  tags,
  summary: "Save the caller's name, phone and language; audited",
  access: "profile:update",
  request: { body: jsonBody(profileInputSchema) },
  responses: { 200: jsonContent(profileSchema) },
});

export function settingsRoutes(deps: Deps) {
  const service = createSettingsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(getCompany, async (c) => c.json(await service.company(), 200))
    .openapi(putCompany, async (c) => c.json(await service.saveCompany(actorOf(c), c.req.valid("json")), 200))
    .openapi(putLogo, async (c) => c.json(await service.saveLogo(actorOf(c), c.req.valid("form").file), 200))
    .openapi(deleteLogo, async (c) => c.json(await service.removeLogo(actorOf(c)), 200))
    .openapi(getDispatch, async (c) => c.json(await service.dispatch(), 200))
    .openapi(putDispatch, async (c) =>
      c.json(await service.saveDispatch(actorOf(c), c.req.valid("json")), 200),
    )
    .openapi(getProfile, async (c) => c.json(await service.profile(actorOf(c)), 200))
    .openapi(putProfile, async (c) =>
      c.json(await service.saveProfile(actorOf(c), c.req.valid("json")), 200),
    );
}
