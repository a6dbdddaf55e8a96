import type { MapBase } from "@shared/tracking/map-base.schema";
import type { Deps } from "../../deps";
import { readGeoSettings } from "../../platform/geo/geo-settings";
import { outlines } from "../../platform/geo/jurisdictions";

/**
 * What the screens' maps draw under the trucks (decision 053): the tile style URL from Settings → Maps &
 * tracking, or — with none — the state/province outlines shipped in platform/geo/data. The URL's
 * origin is also what the Content-Security-Policy must let the browser (and MapLibre's worker) reach,
 * so it is kept here for both, read again at most every 30 s: a change in Settings reaches the maps
 * and the policy of every instance within that time, with no query per request.
 */
const FRESH_MS = 30_000;

/** Announced by Settings → Maps & tracking when it saves (modules/geo). */
const GEO_SETTINGS_CHANNEL = "lms_geo_settings";

export function createMapBase(deps: Pick<Deps, "db" | "config" | "log" | "events">) {
  let cached: { base: MapBase; origins: string[]; at: number } | null = null;
  let reading: { promise: Promise<MapBase>; saves: number } | null = null;
  // Saves announced so far: a read started before the last one is not kept (it may predate it).
  let saves = 0;

  function refresh(): Promise<MapBase> {
    if (reading?.saves === saves) return reading.promise;
    const after = saves;
    const promise = readGeoSettings(deps.db, deps.config.authSecret)
      .then((settings) => {
        const base: MapBase = { tileStyleUrl: settings.tileStyleUrl || null };
        if (after === saves) cached = { base, origins: originsOf(base.tileStyleUrl), at: Date.now() };
        return base;
      })
      .finally(() => {
        if (reading?.promise === promise) reading = null;
      });
    reading = { saves: after, promise };
    return promise;
  }

  // A save in Settings is read again at once (the 30 s are for a notification lost while the listener
  // reconnects): the next map opened and the next policy written follow the new style. Until the
  // read answers, the policy keeps the last origins.
  deps.events.listen(GEO_SETTINGS_CHANNEL, () => {
    saves += 1;
    if (cached) cached.at = 0;
    refresh().catch((error: unknown) =>
      deps.log.warn("map base settings unreadable", { error: String(error) }),
    );
  });

  return {
    /** The base as the screens read it (GET /api/geo/map-base). */
    async read(): Promise<MapBase> {
      if (cached && Date.now() - cached.at < FRESH_MS) return cached.base;
      return refresh();
    },
    /**
     * The tile service's origins for the CSP, synchronously (a header is being written): the last
     * value read, refreshed in the background once it is older than 30 s.
     */
    origins(): readonly string[] {
      if (!cached || Date.now() - cached.at >= FRESH_MS)
        refresh().catch((error: unknown) =>
          deps.log.warn("map base settings unreadable", { error: String(error) }),
        );
      return cached?.origins ?? [];
    },
  };
}
export type MapBaseSource = ReturnType<typeof createMapBase>;

const perApp = new WeakMap<object, MapBaseSource>();
/** One cache per app (the routes and the CSP read the same one); tests' apps each get their own. */
export function mapBaseOf(deps: Pick<Deps, "db" | "config" | "log" | "events">): MapBaseSource {
  let source = perApp.get(deps);
  if (!source) {
    source = createMapBase(deps);
    perApp.set(deps, source);
  }
  return source;
}

/**
 * An http(s) style URL's origin (its tiles, sprites and glyphs are served from it by every named
 * provider); for a Protomaps archive named directly (`pmtiles://https://host/na.pmtiles`), the origin
 * of the archive the browser reads by ranges. A style JSON whose sources are `pmtiles://` archives on
 * another origin is not read here: its archives must sit on the style's origin (README, Maps).
 */
export function originsOf(styleUrl: string | null): string[] {
  if (!styleUrl) return [];
  try {
    const url = new URL(styleUrl.startsWith(PMTILES) ? styleUrl.slice(PMTILES.length) : styleUrl);
    return url.protocol === "https:" || url.protocol === "http:" ? [url.origin] : [];
  } catch {
    return [];
  }
}

const PMTILES = "pmtiles://";

/** The shipped outlines (public-domain Natural Earth shapes, built by scripts/geo), serialised once. */
let outlinesJson: string | null = null;

export async function readOutlines(): Promise<string> {
  outlinesJson ??= JSON.stringify(outlines());
  return outlinesJson;
}
