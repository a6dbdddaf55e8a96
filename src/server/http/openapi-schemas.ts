import { zodToOpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { type RouteConfig, z } from "@hono/zod-openapi";
import * as accidents from "@shared/accidents/accidents.schema";
import * as bills from "@shared/accounting/bills.schema";
import * as ledger from "@shared/accounting/ledger.schema";
import * as payments from "@shared/accounting/payments.schema";
import * as announcementQuery from "@shared/announcements/announcement-query.schema";
import * as announcements from "@shared/announcements/announcements.schema";
import * as api from "@shared/api/api.schema";
import * as assignments from "@shared/assignments/assignments.schema";
import * as assistant from "@shared/assistant/assistant.schema";
import * as audit from "@shared/audit/audit.schema";
import * as auth from "@shared/auth/auth.schema";
import * as securityHistory from "@shared/auth/security-history.schema";
import * as twoFactor from "@shared/auth/two-factor.schema";
import * as timeOff from "@shared/calendar/time-off.schema";
import * as certificates from "@shared/certificates/certificates.schema";
import * as chat from "@shared/chat/chat.schema";
import * as chatQuery from "@shared/chat/chat-query.schema";
import * as citations from "@shared/citations/citations.schema";
import * as communications from "@shared/communications/communications.schema";
import * as logQuery from "@shared/communications/log-query.schema";
import * as sms from "@shared/communications/sms.schema";
import * as contracts from "@shared/contracts/contracts.schema";
import * as customers from "@shared/customers/customers.schema";
import * as dashboard from "@shared/dashboard/dashboard.schema";
import * as dataManagement from "@shared/data-management/data-management.schema";
import * as documents from "@shared/documents/documents.schema";
import * as compliance from "@shared/drivers/compliance";
import * as management from "@shared/drivers/management.schema";
import * as ratings from "@shared/drivers/ratings.schema";
import * as fleet from "@shared/fleet/fleet.schema";
import * as inspectionOrigin from "@shared/fleet/inspection-origin";
import * as maintenance from "@shared/fleet/maintenance.schema";
import * as trailers from "@shared/fleet/trailers.schema";
import * as vehicles from "@shared/fleet/vehicles.schema";
import * as fuel from "@shared/fuel/fuel.schema";
import * as geo from "@shared/geo/geo.schema";
import * as inspections from "@shared/inspections/inspections.schema";
import * as invoices from "@shared/invoices/invoices.schema";
import * as loads from "@shared/loads/loads.schema";
import * as miles from "@shared/loads/miles.schema";
import * as savedViews from "@shared/loads/saved-views.schema";
import * as stateMiles from "@shared/loads/state-miles.schema";
import * as stopRequests from "@shared/loads/stop-requests.schema";
import * as stops from "@shared/loads/stops.schema";
import * as locations from "@shared/locations/locations.schema";
import * as meetings from "@shared/meetings/meetings.schema";
import * as notificationQuery from "@shared/notifications/notification-query.schema";
import * as notifications from "@shared/notifications/notifications.schema";
import * as preferences from "@shared/notifications/preferences.schema";
import * as paperwork from "@shared/paperwork/paperwork.schema";
import * as parking from "@shared/parking/parking.schema";
import * as permissions from "@shared/permissions/permissions.schema";
import * as loadRequests from "@shared/portal/load-requests.schema";
import * as portal from "@shared/portal/portal.schema";
import * as publicLinks from "@shared/public/public.schema";
import * as tracking from "@shared/public/tracking.schema";
import * as push from "@shared/push/push.schema";
import * as accountReview from "@shared/registration/account-review.schema";
import * as registration from "@shared/registration/registration.schema";
import * as reports from "@shared/reports/reports.schema";
import * as search from "@shared/search/search.schema";
import * as settings from "@shared/settings/settings.schema";
import * as settlements from "@shared/settlements/settlements.schema";
import * as statements from "@shared/statements/statements.schema";
import * as taxForms from "@shared/tax-forms/tax-forms.schema";
import * as tolls from "@shared/tolls/tolls.schema";
// Issue 40: the live-tracking contract and the maps' base.
import * as mapBase from "@shared/tracking/map-base.schema";
import * as liveTracking from "@shared/tracking/tracking.schema";
import * as users from "@shared/users/users.schema";

/**
 * Named component schemas for /api/openapi.json, decided in one place (decision 047):
 * every schema a shared module exports as `fooBarSchema` is the component `FooBar`, and an operation
 * whose body or answer is that very schema (or holds it: a page's items, a detail's lines) refers to
 * it by `$ref` instead of repeating it. The shared modules stay plain zod; the name is attached here,
 * to the same instance, through zod-to-openapi's registry.
 *
 * Not named: what an operation reads as query or path parameters or as its body (see
 * `parameterSchemas`), an export named `…InputSchema` (what a form sends), and a name two modules both export (each keeps it inline rather than one taking the other's name).
 */
const MODULES = {
  accidents,
  bills,
  ledger,
  payments,
  announcementQuery,
  announcements,
  api,
  assignments,
  assistant,
  audit,
  auth,
  securityHistory,
  twoFactor,
  timeOff,
  certificates,
  chatQuery,
  chat,
  citations,
  communications,
  logQuery,
  sms,
  contracts,
  customers,
  dashboard,
  dataManagement,
  documents,
  compliance,
  management,
  ratings,
  fleet,
  inspectionOrigin,
  maintenance,
  trailers,
  vehicles,
  fuel,
  geo,
  inspections,
  invoices,
  loads,
  miles,
  savedViews,
  stateMiles,
  stopRequests,
  stops,
  locations,
  meetings,
  notificationQuery,
  notifications,
  preferences,
  paperwork,
  parking,
  permissions,
  loadRequests,
  portal,
  push,
  publicLinks,
  tracking,
  mapBase,
  liveTracking,
  accountReview,
  registration,
  reports,
  search,
  settings,
  settlements,
  statements,
  taxForms,
  tolls,
  users,
};

/** A classic zod schema (the sign-in schema is zod mini, which the generator does not read). */
const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** `loadDetailSchema` → `LoadDetail`; `apiErrorSchema` → `Error` (the name every client expects). */
const RENAMED: Record<string, string> = { apiErrorSchema: "Error" };
const componentName = (exportName: string) =>
  RENAMED[exportName] ?? exportName[0]!.toUpperCase() + exportName.slice(1, -"Schema".length);

/** The kinds worth a name: records, choices and unions (a bare string or number stays inline). */
const NAMED_KINDS = new Set(["object", "enum", "union", "intersection"]);

/**
 * The schemas `routes` read as parameters or in a request body (the body and everything inside it): they
 * stay inline. A parameter because OpenAPI lists those one by one; a body because one component serves
 * requests and answers alike and is drawn as the answer — a field with a default would read as required
 * of the caller.
 */
function parameterSchemas(routes: readonly RouteConfig[]): Set<unknown> {
  const found = new Set<unknown>();
  for (const route of routes) {
    const { query, params, headers, cookies, body } = route.request ?? {};
    for (const schema of [query, params, headers, cookies]) if (schema) found.add(schema);
    for (const media of Object.values(body?.content ?? {}))
      if (media && "schema" in media && media.schema instanceof z.ZodType) within(media.schema, found);
  }
  return found;
}

/** The schemas directly inside `schema`: fields, items, options, the wrapped type. */
function childrenOf(schema: z.ZodType): z.ZodType[] {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const inner: unknown[] = [def.innerType, def.element, def.in, def.out, def.left, def.right, def.valueType];
  if (def.shape && typeof def.shape === "object") inner.push(...Object.values(def.shape));
  if (Array.isArray(def.options)) inner.push(...def.options);
  if (Array.isArray(def.items)) inner.push(...def.items);
  return inner.filter((child): child is z.ZodType => child instanceof z.ZodType);
}

/** `schema` and every schema inside it, into `found`. */
function within(schema: z.ZodType, found: Set<unknown>): void {
  if (found.has(schema)) return;
  found.add(schema);
  for (const child of childrenOf(schema)) within(child, found);
}

/**
 * Attaches the component names and returns them (name → schema). Called by `mountOpenApiDocument`,
 * with the app's routes, before the document is first generated.
 */
export function nameSharedSchemas(routes: readonly RouteConfig[]): Map<string, z.ZodType> {
  const parameters = parameterSchemas(routes);
  const candidates = new Map<string, z.ZodType[]>();
  const seen = new Set<unknown>();
  for (const exports of Object.values(MODULES)) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (!exportName.endsWith("Schema") || !isSchema(value)) continue;
      if (seen.has(value) || parameters.has(value)) continue;
      if (!NAMED_KINDS.has(value._zod.def.type) || /(Query|Input)Schema$/.test(exportName)) continue;
      seen.add(value);
      const name = componentName(exportName);
      candidates.set(name, [...(candidates.get(name) ?? []), value]);
    }
  }
  const named = new Map<string, z.ZodType>();
  for (const [name, schemas] of candidates) {
    if (schemas.length !== 1) continue;
    const schema = schemas[0]!;
    const current = zodToOpenAPIRegistry.get(schema) as { _internal?: object } | undefined;
    if (current) zodToOpenAPIRegistry.remove(schema);
    zodToOpenAPIRegistry.add(schema, { ...current, _internal: { ...current?._internal, refId: name } });
    named.set(name, schema);
  }
  return named;
}

/**
 * The named schemas in the order their components should be drawn: a schema after every named schema
 * it holds. The generator draws a component where it first meets it, and met first as some answer's
 * `.nullable()` field it would put the null into the component — every other place that holds it would
 * then read "may be null". Drawn inner-first, each is drawn as itself.
 */
export function drawingOrder(named: Map<string, z.ZodType>, routes: readonly RouteConfig[]): z.ZodType[] {
  // Only what some answer holds: a named schema no operation uses would be a component nobody refers to.
  const answered = new Set<unknown>();
  for (const route of routes)
    for (const response of Object.values(route.responses ?? {}))
      for (const media of Object.values(("content" in response && response.content) || {}))
        if (media && "schema" in media && media.schema instanceof z.ZodType) within(media.schema, answered);
  const isNamed = new Set<unknown>([...named.values()].filter((schema) => answered.has(schema)));
  const ordered: z.ZodType[] = [];
  const visited = new Set<unknown>();
  const visit = (schema: z.ZodType) => {
    if (visited.has(schema)) return;
    visited.add(schema);
    for (const child of childrenOf(schema)) visit(child);
    if (isNamed.has(schema)) ordered.push(schema);
  };
  for (const schema of isNamed) visit(schema as z.ZodType);
  return ordered;
}
