import type { StyleSpecification } from "maplibre-gl";

/**
 * The map's base (decision 053). With no tile style in Settings the base is the US states and Canadian
 * provinces shipped with the app (`GET /api/geo/outlines`, public-domain Natural Earth shapes): offline,
 * no key, no glyphs, no tiles. A tile style URL (OpenFreeMap, MapTiler, a self-hosted Protomaps style)
 * replaces it as it is.
 */
export const OUTLINES_URL = "/api/geo/outlines";
export const OFFLINE_ATTRIBUTION = "Natural Earth";

export function mapStyleOf(styleUrl: string | null | undefined): StyleSpecification | string {
  if (styleUrl) return styleUrl;
  return {
    version: 8,
    sources: { outlines: { type: "geojson", data: OUTLINES_URL } },
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
