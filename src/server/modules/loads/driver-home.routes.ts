import { ROUTES } from "@shared/access";
import type { Me } from "@shared/auth/auth.schema";
import type { DriverDashboard } from "@shared/loads/loads.schema";
import type { Hono } from "hono";
import { compressJson } from "../../http/compress";
import type { AppEnv } from "../../http/context";
import { createDriverHomeService } from "./driver-home.service";

/**
 * `GET /driver-dashboard` for a signed-in driver: the home document with the first screen written in
 * (decision 064). The answers it carries are asked of the app itself (`/api/session`,
 * `/api/driver-dashboard`, with the visitor's cookie), so they are exactly what the app would have
 * fetched — the same access rules, the same shapes. Anyone else (signed out, another role, a password
 * to change, two factors to set up), or a build without the first screen, falls through to the static
 * document. Personal: never stored by a cache (`no-store`), compressed per request.
 */
export function driverHomeDocument(app: Hono<AppEnv>, dist: string) {
  const service = createDriverHomeService(dist);
  app.get(ROUTES.driverDashboard.path, compressJson({ contentType: /^text\/html/i }), async (c, next) => {
    const cookie = c.req.header("cookie");
    if (!cookie || !service.pieces()) return next();
    const setCookies: string[] = [];
    const ask = async <T>(url: string): Promise<T | null> => {
      const res = await app.request(url, { headers: { cookie } }, c.env);
      setCookies.push(...res.headers.getSetCookie());
      return res.ok ? ((await res.json()) as T) : null;
    };
    const me = (await ask<{ me: Me | null }>("/api/session"))?.me;
    // A driver's account (their permission to act on their loads, and their driver record), ready to use.
    if (
      !me?.driver ||
      !me.permissions.includes("loads:driverActions") ||
      me.mustChangePassword ||
      me.mustEnrolTwoFactor
    )
      return next();
    const dashboard = await ask<DriverDashboard>("/api/driver-dashboard");
    if (!dashboard) return next();
    const lang = service.language({
      lng: c.req.query("lng"),
      cookie,
      acceptLanguage: c.req.header("accept-language"),
    });
    const page = service.render({ me, dashboard, lang });
    if (!page) return next();
    c.set("inlineScriptHash", page.scriptHash);
    for (const value of setCookies) c.header("Set-Cookie", value, { append: true });
    c.header("Cache-Control", "no-store");
    c.header("Vary", "Cookie");
    return c.html(page.document);
  });
}
