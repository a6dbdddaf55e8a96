import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Me } from "@shared/auth/auth.schema";
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from "@shared/i18n/i18n.config";
import nav from "@shared/i18n/locales/en/nav.json";
import navEs from "@shared/i18n/locales/es/nav.json";
import navFr from "@shared/i18n/locales/fr/nav.json";
import type { FirstScreenData } from "@shared/loads/first-screen";
import type { DriverDashboard } from "@shared/loads/loads.schema";
import { wordsIn } from "../../platform/notifications/words";
import { renderFirstScreen, scriptJson } from "./driver-first-screen";

/**
 * The driver's home document with its first screen written in (decision 064): the built
 * `driver-dashboard.html` (scripts/route-documents.ts) with
 *  - the app's stylesheet inlined in place of its link (one round trip less before the first paint);
 *  - the first screen (driver-first-screen.ts) ahead of the app's root, which stays hidden until the
 *    app takes over;
 *  - the session and dashboard answers the app would ask for first, inline (`#first-answers`), so the
 *    app renders without waiting for them; the `preload` of those two answers is dropped;
 *  - the first screen's script (`dist/web/first-screen.js`, scripts/build-first-screen.ts), inline, its
 *    SHA-256 added to the answer's `script-src` (the policy allows no other inline script).
 */

const isLanguage = (v: string | null | undefined): v is Language =>
  !!v && (LANGUAGES as readonly string[]).includes(v);

/** The first of an Accept-Language list we speak ("fr-CA,fr;q=0.9" → fr). */
function fromAcceptLanguage(header: string | undefined): Language | null {
  const ranked = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? 1);
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((x) => x.lang).find(isLanguage) ?? null;
}

/** One value of a Cookie header. */
function cookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

type Built = { template: string; script: string; scriptHash: string; stamp: string };

export function createDriverHomeService(dist: string) {
  let built: Built | null = null;

  /** The build's pieces, read again when a new build replaced them (a developer's `npm run build`). */
  function pieces(): Built | null {
    const documentFile = path.join(dist, "driver-dashboard.html");
    const scriptFile = path.join(dist, "first-screen.js");
    let stamp: string;
    try {
      stamp = `${statSync(documentFile).mtimeMs}:${statSync(scriptFile).mtimeMs}`;
    } catch {
      return null; // no such build: the static document answers
    }
    if (built?.stamp === stamp) return built;
    let template = readFileSync(documentFile, "utf8")
      .replace(/\s*<link rel="preload" as="fetch"[^>]*>/g, "")
      .replace(
        /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/,
        (_, file: string) => `<style>${readFileSync(path.join(dist, file), "utf8")}</style>`,
      );
    // The app's root stays out of sight while the first screen is on it (the app removes the screen).
    template = template.replace("</head>", "<style>#first-screen~#root{display:none}</style></head>");
    const script = readFileSync(scriptFile, "utf8").trim();
    const scriptHash = createHash("sha256").update(script).digest("base64");
    built = { template, script, scriptHash, stamp };
    return built;
  }

  return {
    pieces,

    /**
     * The language the page is written in, found as the app finds it (lib/i18n.ts): ?lng, the app's
     * `i18next` cookie (it stores its choice there too), then the browser's languages.
     */
    language(request: { lng?: string; cookie?: string; acceptLanguage?: string }): Language {
      const asked = request.lng?.slice(0, 2) ?? cookie(request.cookie, "i18next")?.slice(0, 2);
      if (isLanguage(asked)) return asked;
      return fromAcceptLanguage(request.acceptLanguage) ?? FALLBACK_LANGUAGE;
    },

    /** The whole document and the hash its inline script runs under; null without a build. */
    render(input: { me: Me; dashboard: DriverDashboard; lang: Language }) {
      const b = pieces();
      if (!b) return null;
      const title = wordsIn({ en: nav, es: navEs, fr: navFr }, input.lang)("driverDashboard");
      const { html, words } = renderFirstScreen({ ...input, title });
      const data: FirstScreenData = { userId: input.me.user.id, words };
      const answers = { session: { me: input.me }, dashboard: input.dashboard };
      const document = b.template
        .replace(/<html lang="[^"]*"/, `<html lang="${input.lang}"`)
        .replace(
          /<div id="root"><\/div>/,
          `${html}<div id="root"></div>` +
            `<script type="application/json" id="first-answers">${scriptJson(answers)}</script>` +
            `<script type="application/json" id="first-screen-data">${scriptJson(data)}</script>` +
            `<script>${b.script}</script>`,
        );
      return { document, scriptHash: b.scriptHash };
    },
  };
}
export type DriverHomeService = ReturnType<typeof createDriverHomeService>;
