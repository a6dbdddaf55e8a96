import { can, type RouteKey } from "@shared/access";
import type { Me } from "@shared/auth/auth.schema";
import type { ChatHistory } from "@shared/chat/chat.schema";
import { documentListQuerySchema } from "@shared/documents/documents.schema";
import { fuelFilterSchema } from "@shared/fuel/fuel.schema";
import type { DriverDashboard, LoadDetail, LoadFileKind } from "@shared/loads/loads.schema";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { chatFileUrl, chatHistoryQuery, chatThreadQuery } from "../features/chat/api/chat";
import { documentsQuery } from "../features/documents/api/documents";
import { fuelEntriesQuery, fuelVehiclesQuery } from "../features/fuel/api/fuel";
import { inspectableAssetsQuery } from "../features/inspections/api/inspections";
import { driverDashboardQuery, loadFileUrl, loadKeys, loadQuery } from "../features/loads/api/loads";
import type { DayFile, DayPlan } from "../lib/offline-day/keep-day";
import { DEFAULT_PAGE_SIZE } from "../lib/use-list-params";
import { parseListFilter } from "../lib/use-list-query";
import { preloadScreens } from "./router";

/**
 * The driver's day offline (issue 41, decision 062): what a driver needs on the road with no signal —
 * the dashboard, the current and next loads (stops, addresses, references, contacts, check-in state,
 * files), the fuel form's trucks, the DVIR's assets, the conversation with dispatch, their documents
 * list — and the files of those loads. Each is the very query its screen reads, so a screen opened
 * offline finds its answer where it looks.
 */

/** The current load and the next one: the day, not the month. */
const DAY_LOADS = 2;
/** How long a prefetched answer counts as fresh: the screens refetch what they show anyway. */
const FRESH_MS = 60_000;
/** The conversation's newest attachments kept (photos of a seal, a damaged pallet, a receipt). */
const CHAT_FILES = 12;
/** A load's papers, the ones read at the dock first when space runs short. */
const FILE_RANK: Record<LoadFileKind, number> = { rate_confirmation: 0, bol: 0, pod: 1, other: 2 };

/** The screens of the day, whose code is fetched ahead when no service worker keeps it. */
const DAY_SCREENS = [
  "loadDetail",
  "fuelLog",
  "inspectionNew",
  "chat",
  "documents",
] as const satisfies RouteKey[];

/** The first page of a list screen as it opens with nothing chosen (its query key, exactly). */
const firstPage = <T extends Parameters<typeof parseListFilter>[0]>(schema: T) => ({
  ...parseListFilter(schema, {}),
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
});

/** The loads of the day: the one in hand (or next assigned) and the one after it. */
export function dayLoadIds(dashboard: DriverDashboard | undefined): string[] {
  if (!dashboard) return [];
  const ids = [dashboard.currentLoad?.id, ...dashboard.upcoming.map((l) => l.id)].filter(
    (id): id is string => !!id,
  );
  return [...new Set(ids)].slice(0, DAY_LOADS);
}

/** The day's queries for a driver, each with its rank (0 first kept). */
export function driverDayQueries(me: Me, dashboard: DriverDashboard | undefined) {
  if (me.role !== "driver" || !me.driver) return [];
  const out: { key: QueryKey; rank: number; fetch: () => ReturnType<typeof planned> }[] = [];
  const add = (options: { queryKey: QueryKey }, rank: number) => {
    out.push({ key: options.queryKey, rank, fetch: () => planned(options) });
  };
  add(driverDashboardQuery(), 1);
  for (const [i, id] of dayLoadIds(dashboard).entries()) add(loadQuery(id), 2 + i);
  if (can(me, "chat:use")) {
    add(chatHistoryQuery(me.driver.id), 3);
    add(chatThreadQuery(me.driver.id), 3);
  }
  if (can(me, "fuel:log")) add(fuelVehiclesQuery(""), 3);
  if (can(me, "inspections:file")) add(inspectableAssetsQuery(""), 3);
  if (can(me, "documents:read")) add(documentsQuery(firstPage(documentListQuerySchema)), 4);
  if (can(me, "fuel:read")) add(fuelEntriesQuery(firstPage(fuelFilterSchema)), 5);
  return out;
}

/** The options as the cache takes them (the list helpers type them loosely). */
const planned = (options: { queryKey: QueryKey }) => options as Parameters<QueryClient["prefetchQuery"]>[0];

export const driverDayPlan: DayPlan = {
  queries: (client, me) =>
    driverDayQueries(me, client.getQueryData<DriverDashboard>(loadKeys.driverDashboard())),

  files(client, me) {
    const ids = dayLoadIds(client.getQueryData<DriverDashboard>(loadKeys.driverDashboard()));
    if (me.role !== "driver") return [];
    const files: DayFile[] = [];
    ids.forEach((id, i) => {
      const load = client.getQueryData<LoadDetail>(loadKeys.detail(id));
      for (const f of load?.files ?? [])
        files.push({
          url: loadFileUrl(id, f.id),
          fileName: f.fileName,
          contentType: f.contentType,
          size: f.size,
          rank: i * 10 + FILE_RANK[f.kind],
        });
    });
    // The conversation's newest attachments, after the loads' papers.
    const history = me.driver
      ? client.getQueryData<ChatHistory>(chatHistoryQuery(me.driver.id).queryKey)
      : undefined;
    const attached = (history?.items ?? []).filter((m) => m.attachment).slice(-CHAT_FILES);
    attached.reverse().forEach((m, i) => {
      if (!m.attachment) return;
      files.push({
        url: chatFileUrl(m.id),
        fileName: m.attachment.fileName,
        contentType: m.attachment.contentType,
        size: m.attachment.size,
        rank: 100 + i,
      });
    });
    return files;
  },

  async prefetch(client, me) {
    // A driver's day only: anyone else asking for the driver's dashboard is refused (403), which an
    // admin's console showed a second after each page load.
    if (me.role !== "driver" || !me.driver) return;
    // The dashboard first: it names the day's loads.
    await client.prefetchQuery({ ...driverDashboardQuery(), staleTime: FRESH_MS });
    const dashboard = client.getQueryData<DriverDashboard>(loadKeys.driverDashboard());
    await Promise.all(
      driverDayQueries(me, dashboard).map((q) => client.prefetchQuery({ ...q.fetch(), staleTime: FRESH_MS })),
    );
    await warmScreens();
  },
};

/**
 * The day's screens' code and words, fetched once while online, so moving to them offline needs no
 * download. A service worker that precaches the app already keeps them: then nothing is fetched.
 */
async function warmScreens(): Promise<void> {
  if (typeof navigator !== "undefined" && navigator.serviceWorker?.controller) return;
  await preloadScreens(DAY_SCREENS);
}
