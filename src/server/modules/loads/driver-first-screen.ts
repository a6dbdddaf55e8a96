import { routePath } from "@shared/access";
import type { Me } from "@shared/auth/auth.schema";
import { isTimeZone, zoneAbbreviation } from "@shared/geo/zoned-time";
import type { Language } from "@shared/i18n/i18n.config";
import dashboardEn from "@shared/i18n/locales/en/dashboard.json";
import loadsEn from "@shared/i18n/locales/en/loads.json";
import dashboardEs from "@shared/i18n/locales/es/dashboard.json";
import loadsEs from "@shared/i18n/locales/es/loads.json";
import dashboardFr from "@shared/i18n/locales/fr/dashboard.json";
import loadsFr from "@shared/i18n/locales/fr/loads.json";
import type { FirstAction, FirstScreenWords } from "@shared/loads/first-screen";
import type { DriverAction, DriverDashboard, LoadDetail, Stop } from "@shared/loads/loads.schema";
import { type CheckInEvent, nextCheckIn } from "@shared/loads/stops.schema";
import { wordsIn } from "../../platform/notifications/words";

/**
 * The driver's first screen, written by the server into the driver's home document (issue 41 point 6,
 * decision 064): on a weak signal the app's code takes seconds to arrive, so the page opens with what
 * the driver needs first — who they are, the current load, its next stop and the one tap it expects —
 * as plain HTML styled by the app's own stylesheet (inlined with it). Its buttons work before the app
 * has loaded (`src/web/first-screen/first-screen.ts`, inlined too): a check-in, accepting or starting
 * the load is stored in the phone's outbox with its tap time and sent, exactly as the app would; what
 * needs a dialog (decline with a reason, delivery with its proof) is handed to the app as it arrives.
 * The app then takes the screen over (`src/web/lib/first-screen.ts`). The markup mirrors the app's
 * driver dashboard (features/dashboard) and its classes, so the take-over does not move anything.
 * Its landmarks are roles on `div`s (`role="main"`, `role="banner"`): until the take-over the app's own
 * `<main>` and `<header>` are in the page too (hidden), and one element per tag keeps `main` meaning one.
 */

const DASHBOARD = { en: dashboardEn, es: dashboardEs, fr: dashboardFr } satisfies Record<Language, unknown>;
const LOADS = { en: loadsEn, es: loadsEs, fr: loadsFr } satisfies Record<Language, unknown>;

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** JSON inside `<script type="application/json">`: nothing in it can close the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** The locale whose zone names a North American carrier reads (web's lib/format-zone.ts, same rule). */
const zoneLocale = (lang: Language) => (lang === "fr" ? "fr-CA" : lang === "es" ? "es-US" : "en-US");

/** A stop's time in its own zone, named — "Nov 28, 2026, 8:00 AM CST", as the app writes it. */
export function formatStopTime(value: string | null, timeZone: string | null, lang: Language, time = false) {
  if (!value) return "—";
  const zone = isTimeZone(timeZone) ? timeZone : undefined;
  const text = new Intl.DateTimeFormat(lang, {
    ...(time ? { hour: "numeric", minute: "2-digit" } : { dateStyle: "medium", timeStyle: "short" }),
    timeZone: zone ?? "UTC",
  }).format(new Date(value));
  const name = zone ? zoneAbbreviation(value, zone, zoneLocale(lang)) : "UTC";
  return name ? `${text} ${name}` : text;
}

const sameDay = (a: string, b: string, timeZone: string | null) => {
  const f = new Intl.DateTimeFormat("en-CA", {
    timeZone: isTimeZone(timeZone) ? timeZone : "UTC",
    dateStyle: "short",
  });
  return f.format(new Date(a)) === f.format(new Date(b));
};

const mapsUrl = (stop: Stop) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(
    [stop.address, stop.city, `${stop.state} ${stop.postalCode}`.trim()].filter(Boolean).join(", "),
  )}`;
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** The app's button classes (components/ui/button.tsx), as the first screen needs them. */
const BUTTON =
  "inline-flex max-sm:min-h-11 max-sm:min-w-11 items-center justify-center gap-2 whitespace-nowrap max-sm:h-auto max-sm:whitespace-normal max-sm:text-center rounded-md font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 h-12 px-4 py-2 text-base";
const VARIANTS = {
  default: "bg-brand-700 text-white hover:bg-brand-600",
  outline: "border border-slate-300 bg-white hover:bg-slate-50",
  success: "bg-emerald-700 text-white hover:bg-emerald-800",
  decline: "border border-red-200 bg-white text-red-700 hover:bg-red-50",
} as const;
const STATUS_BADGE: Record<LoadDetail["status"], { badge: string; dot: string }> = {
  pending: { badge: "bg-amber-100 text-amber-800", dot: "bg-amber-500" },
  assigned: { badge: "bg-sky-100 text-sky-800", dot: "bg-sky-500" },
  in_progress: { badge: "bg-violet-100 text-violet-800", dot: "bg-violet-500" },
  completed: { badge: "bg-emerald-100 text-emerald-800", dot: "bg-emerald-500" },
  cancelled: { badge: "bg-slate-200 text-slate-600", dot: "bg-slate-400" },
};
const BADGE =
  "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium gap-1.5 whitespace-nowrap";

/** Its own test ids (`first-…`): until the app takes over, tests and the bench tell the two apart. */
const attrs = (action: FirstAction) =>
  `data-testid="first-${action.testId}" data-first-action="${escapeHtml(JSON.stringify(action))}"`;

/** The driver's next stop and the check-in it expects (the app's NextStopCard, same rules). */
function nextStop(load: LoadDetail, t: (k: string, v?: Record<string, unknown>) => string, lang: Language) {
  const ordered = [...load.stops].sort((a, b) => a.sequence - b.sequence);
  const stop = ordered.find((s) => nextCheckIn(s));
  if (!stop || load.status === "cancelled" || load.status === "pending") return "";
  const event = nextCheckIn(stop) as CheckInEvent;
  const index = ordered.indexOf(stop);
  const last = index === ordered.length - 1;
  const takes =
    load.status === "in_progress" ||
    (load.status === "completed" && last && !!stop.arrivedAt) ||
    (load.status === "assigned" && !!load.acceptedAt);
  if (load.status === "completed" && !takes) return "";
  const eventWord = event === "done" ? (stop.type === "pickup" ? "loaded" : "unloaded") : event;
  const from = formatStopTime(stop.scheduledAt, stop.timeZone, lang);
  const appointment =
    stop.appointmentKind === "appointment" || !stop.scheduledEnd
      ? from
      : t(`stops.range.${stop.appointmentKind}`, {
          from,
          until: formatStopTime(
            stop.scheduledEnd,
            stop.timeZone,
            lang,
            sameDay(stop.scheduledAt, stop.scheduledEnd, stop.timeZone),
          ),
        });
  const refs = [
    stop.referenceNumber ? `${t(`stops.reference.${stop.type}`)}: ${stop.referenceNumber}` : "",
    stop.poNumber ? `${t("stops.fields.poNumber")}: ${stop.poNumber}` : "",
  ].filter(Boolean);
  const checkIn: FirstAction = {
    testId: `check-in-${event}`,
    direct: true,
    kind: "check-in",
    url: `/api/loads/${load.id}/stops/${stop.id}/check-in`,
    json: { event },
    subject: { load: load.loadNumber, loadId: load.id, stopId: stop.id, event },
    done: t("checkIn.recorded", { event: t(`checkIn.events.${eventWord}`) }),
  };
  return `<section class="rounded-xl border-2 border-brand-200 bg-brand-50/50 p-4" data-testid="first-next-stop">
  <p class="text-xs font-semibold uppercase tracking-wide text-brand-800">${escapeHtml(
    t("checkIn.nextStop", { n: index + 1, total: ordered.length }),
  )} · ${escapeHtml(t(`stops.type.${stop.type}`))}</p>
  <p class="mt-1 text-lg font-semibold text-slate-900">${escapeHtml(stop.locationName)}</p>
  <p class="text-sm text-slate-700">${escapeHtml(appointment)}</p>
  <p class="mt-1 text-sm text-slate-600">${escapeHtml(`${stop.address}, ${stop.city}, ${stop.state} ${stop.postalCode}`)}</p>
  ${
    last && load.status !== "completed" && stop.arrivedAt
      ? `<p class="mt-2 text-sm font-medium text-brand-900">${escapeHtml(
          t(load.completesOn === "pod" ? "checkIn.lastStopPod" : "checkIn.lastStopDeparture"),
        )}</p>`
      : ""
  }
  ${refs.length ? `<p class="mt-1 text-sm text-slate-700">${escapeHtml(refs.join(" · "))}</p>` : ""}
  <div class="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
    <a class="${BUTTON} ${VARIANTS.outline}" href="${escapeHtml(mapsUrl(stop))}" target="_blank" rel="noreferrer">${escapeHtml(t("checkIn.navigate"))}</a>
    ${
      stop.contactPhone
        ? `<a class="${BUTTON} ${VARIANTS.outline}" href="${escapeHtml(telHref(stop.contactPhone))}">${escapeHtml(
            t("checkIn.callName", { name: stop.contactName || stop.contactPhone }),
          )}</a>`
        : ""
    }
    ${
      takes
        ? `<button type="button" class="${BUTTON} ${VARIANTS.default}" ${attrs(checkIn)}>${escapeHtml(
            t(`checkIn.action.${eventWord}`),
          )}</button>`
        : ""
    }
  </div>
</section>`;
}

const ACTION_ORDER: readonly DriverAction[] = ["accept", "start", "deliver", "decline"];

/** Accept, start, deliver, decline (the app's DriverLoadActions): the first two are one tap here. */
function loadActions(load: LoadDetail, t: (k: string, v?: Record<string, unknown>) => string) {
  const actions = ACTION_ORDER.filter((a) => load.driverActions.includes(a));
  if (actions.length === 0) return "";
  const buttons = actions.map((action) => {
    const spec: FirstAction = {
      testId: `driver-action-${action}`,
      direct: action === "accept" || action === "start",
      kind: "load-action",
      url: `/api/loads/${load.id}/actions/${action}`,
      json: {},
      subject: { load: load.loadNumber, loadId: load.id, action },
      done: t(`actions.done.${action}`),
    };
    const variant = action === "decline" ? "decline" : action === "deliver" ? "success" : "default";
    const span = actions.length === 1 ? " sm:col-span-2" : "";
    return `<button type="button" class="${BUTTON} ${VARIANTS[variant]}${span}" ${attrs(spec)}>${escapeHtml(
      t(`actions.${action}`),
    )}</button>`;
  });
  return `<div class="grid gap-2 sm:grid-cols-2">${buttons.join("")}</div>`;
}

/**
 * The first screen's HTML (`<div id="first-screen">…</div>`) and the words its script needs. `lang` is
 * the page's language; the greeting's part of the day is the phone's (the script picks it).
 */
export function renderFirstScreen(input: {
  me: Me;
  dashboard: DriverDashboard;
  lang: Language;
  title: string;
}): { html: string; words: FirstScreenWords } {
  const { me, dashboard, lang } = input;
  const d = wordsIn(DASHBOARD, lang);
  const t = wordsIn(LOADS, lang);
  const name = dashboard.driver.fullName || me.user.name;
  const firstName = name.trim().split(/\s+/)[0] || name;
  const words: FirstScreenWords = {
    greeting: {
      morning: d("greeting.morning", { name: firstName }),
      afternoon: d("greeting.afternoon", { name: firstName }),
      evening: d("greeting.evening", { name: firstName }),
    },
    sending: d("driver.firstScreen.sending"),
    waiting: d("driver.firstScreen.waiting"),
    opening: d("driver.firstScreen.opening"),
  };
  const load = dashboard.currentLoad;
  const stops = load ? [...load.stops].sort((a, b) => a.sequence - b.sequence) : [];
  const badge = load
    ? `<span class="${BADGE} ${STATUS_BADGE[load.status].badge}"><span class="size-1.5 rounded-full ${
        STATUS_BADGE[load.status].dot
      }" aria-hidden="true"></span>${escapeHtml(t(`status.${load.status}`))}</span>`
    : "";
  const stopList = stops
    .map(
      (stop) => `<li class="flex items-start gap-3 rounded-xl bg-slate-50 p-3">
  <span class="grid size-8 shrink-0 place-items-center rounded-full text-white ${
    stop.type === "pickup" ? "bg-sky-600" : "bg-emerald-600"
  }" aria-hidden="true">${stop.sequence}</span>
  <div class="min-w-0 flex-1">
    <p class="text-xs font-medium uppercase tracking-wide text-slate-500">${escapeHtml(d(`driver.currentLoad.${stop.type}`))}</p>
    <p class="font-medium text-slate-900">${escapeHtml(stop.locationName)}</p>
    <p class="flex flex-wrap gap-x-1.5 text-sm text-slate-600"><span>${escapeHtml(`${stop.city}, ${stop.state}`)}</span><span aria-hidden="true" class="max-sm:hidden">·</span><time datetime="${escapeHtml(
      stop.scheduledAt,
    )}" class="whitespace-nowrap max-sm:basis-full">${escapeHtml(formatStopTime(stop.scheduledAt, stop.timeZone, lang))}</time></p>
  </div>
</li>`,
    )
    .join("");
  const body = load
    ? `<div class="mt-3 grid grid-cols-1 gap-4">
  ${nextStop(load, t, lang)}
  <a href="${escapeHtml(routePath("loadDetail", { loadId: load.id }))}" data-testid="first-current-load-link" class="group flex min-h-11 items-center justify-between gap-3 rounded-lg">
    <span class="font-mono text-xl font-semibold text-slate-900">${escapeHtml(load.loadNumber)}</span>
    <span class="flex items-center gap-1 text-sm font-medium text-brand-700">${escapeHtml(d("driver.currentLoad.open"))} →</span>
  </a>
  <ol class="grid grid-cols-1 gap-2">${stopList}</ol>
  ${loadActions(load, t)}
</div>`
    : `<div class="mt-4 flex items-start gap-4 rounded-xl border border-dashed border-slate-200 bg-slate-50 p-4">
  <div class="min-w-0"><p class="text-sm font-medium text-slate-900">${escapeHtml(d("driver.currentLoad.empty"))}</p>
  <p class="mt-0.5 text-sm text-slate-500">${escapeHtml(d("driver.currentLoad.text"))}</p></div>
</div>`;
  const html = `<div id="first-screen" class="min-h-full bg-slate-50">
<div role="banner" class="flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-4"><span class="truncate text-base font-semibold text-slate-900">${escapeHtml(
    input.title,
  )}</span></div>
<div role="main" class="px-4 py-6"><div class="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5">
<div class="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-sm sm:p-6">
  <h1 class="mt-1 text-2xl font-semibold tracking-tight" data-first-greeting>${escapeHtml(words.greeting.morning)}</h1>
  ${
    dashboard.assets.vehicleLabel
      ? `<p class="mt-4 text-sm text-brand-50">${escapeHtml(dashboard.assets.vehicleLabel)}${
          dashboard.assets.trailerLabel ? ` · ${escapeHtml(dashboard.assets.trailerLabel)}` : ""
        }</p>`
      : ""
  }
</div>
<section class="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="first-current-load">
  <div class="flex items-center justify-between gap-3">
    <h2 class="text-base font-semibold text-slate-900">${escapeHtml(d("driver.currentLoad.title"))}</h2>${badge}
  </div>
  ${body}
  <p class="mt-3 text-sm font-medium text-slate-600" role="status" data-first-status></p>
</section>
</div></div>
</div>`;
  return { html, words };
}
