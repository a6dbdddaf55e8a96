import { z } from "@hono/zod-openapi";
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
import { fileField } from "../../http/files";
import { routeTable } from "../../http/route-table";
import { createSettingsService } from "./settings.service";

export function settingsRoutes(deps: Deps) {
  const service = createSettingsService(deps);
  const t = routeTable({ tags: ["Settings"], access: "company:manage" });
  t.list(
    "/api/settings/company",
    {
      summary:
        "The company's profile on every PDF and email: legal name, address, phone, billing email, USDOT and MC numbers, time zone, currency shown, logo",
      response: companySettingsSchema,
    },
    () => service.company(),
  );
  t.json(
    "put",
    "/api/settings/company",
    {
      summary: "Save the company's profile: every instance applies it at once; audited",
      body: companySettingsInputSchema,
      response: companySettingsSchema,
    },
    ({ actor, body }) => service.saveCompany(actor, body),
  );
  t.upload(
    "/api/settings/company/logo",
    {
      summary: "Upload the logo printed on every PDF (PNG or JPEG by content, at most 512 KB); audited",
      form: z.object({ file: fileField }),
      response: companySettingsSchema,
      status: 200,
      described: "OK",
      maxBytes: LOGO_MAX_BYTES,
      tooLarge: SETTINGS_MESSAGES.logoSize,
    },
    ({ actor, form }) => service.saveLogo(actor, form.file),
  );
  t.json(
    "delete",
    "/api/settings/company/logo",
    { summary: "Remove the logo; audited", response: companySettingsSchema },
    ({ actor }) => service.removeLogo(actor),
  );
  t.list(
    "/api/settings/dispatch",
    {
      summary:
        "When a load checked in stop by stop counts as delivered: when the driver leaves the last stop " +
        "(departure, the default) or once its proof of delivery is uploaded after the unload (pod)",
      response: dispatchSettingsSchema,
    },
    () => service.dispatch(),
  );
  t.json(
    "put",
    "/api/settings/dispatch",
    {
      summary:
        "Choose when a load counts as delivered (departure or pod); applies to the next check-in; audited",
      body: dispatchSettingsInputSchema,
      response: dispatchSettingsSchema,
    },
    ({ actor, body }) => service.saveDispatch(actor, body),
  );
  t.list(
    "/api/me/profile",
    {
      summary:
        "The caller's profile: name, email, phone (a driver's and a customer's on their record), language",
      access: "profile:read",
      response: profileSchema,
    },
    ({ actor }) => service.profile(actor),
  );
  t.json(
    "put",
    "/api/me/profile",
    {
      summary: "Save the caller's name, phone and language; audited",
      access: "profile:update",
      body: profileInputSchema,
      response: profileSchema,
    },
    ({ actor, body }) => service.saveProfile(actor, body),
  );
  return t.app;
}
