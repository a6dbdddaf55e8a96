import type { StyleSpecification } from "maplibre-gl";

/**
 * The map's base (decision 053). With no tile style in Settings the base is the US states and Canadian
 * provinces shipped with the app (`GET /api/geo/outlines`, public-domain Natural Earth shapes): offline,
 * no key, no glyphs, no tiles. A tile style URL (OpenFreeMap, MapTiler, a self-hosted Protomaps style)
 * replaces it as it is; a Protomaps archive named directly (`pmtiles://…`) has no style of its own, and
 * the map chunk builds one from it (pmtiles-style.ts); an archive that cannot be read leaves the
 * outlines as the base.
 */
export const OUTLINES_URL = "/api/geo/outlines";
export const OFFLINE_ATTRIBUTION = "Natural Earth";

const ARCHIVE = "pmtiles://";

/** A Protomaps archive named as the style itself (not a style JSON whose sources are archives). */
export function isArchiveUrl(styleUrl: string | null | undefined): styleUrl is string {
  return !!styleUrl?.startsWith(ARCHIVE);
}

export function mapStyleOf(styleUrl: string | null | undefined): StyleSpecification | string {
  if (styleUrl && !isArchiveUrl(styleUrl)) return styleUrl;
  return {
    version: 8,
    sources: { outlines: { type: "geojson", data: OUTLINES_URL, attribution: OFFLINE_ATTRIBUTION } },
    layers: [
      { id: "water", type: "background", paint: { "background-color": "#e0f2fe" } },
      { id: "land", type: "fill", source: "outlines", paint: { "fill-color": "#f8fafc" } },
      {
        id: "borders",
        type: "line",
        source: "outlines",
        paint: { "line-color": "#94a3b8", "line-width": 0.8 },
      },
    ],
  };
}

/** Whether this browser can draw a MapLibre map at all: MapLibre 6 needs WebGL 2. */
export function canDrawMaps(): boolean {
  try {
    return !!document.createElement("canvas").getContext("webgl2");
  } catch {
    return false;
  }
}
