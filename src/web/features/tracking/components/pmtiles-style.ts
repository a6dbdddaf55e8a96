import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from "maplibre-gl";
import { type Header, TileType } from "pmtiles";

/**
 * The style drawn from a Protomaps archive named directly in Settings (`pmtiles://https://host/na.pmtiles`,
 * decision 053): the archive carries tiles but no style, so one is built here from its header and
 * metadata. A vector archive in the Protomaps basemap schema (earth, water, landuse, landcover, roads,
 * boundaries) is drawn as fills and lines; any other vector archive draws each of its layers' polygons
 * and lines; a raster archive (PNG, JPEG, WebP, AVIF) is one raster layer. No labels: an archive
 * brings no glyphs, and the trucks' names are DOM markers anyway.
 */

/** The palette of the built style (the browser test reads the earth's colour off the canvas). */
export const ARCHIVE_COLORS = {
  water: "#c6dff2",
  earth: "#f1ece1",
  landcover: "#e3ecd6",
  park: "#d5e8c8",
  landuse: "#e8e3d6",
  highway: "#e3a13b",
  majorRoad: "#c3c7cd",
  minorRoad: "#d9dce0",
  boundary: "#8c96a3",
} as const;

/** What the map shows while the archive's header is read: water, as the built style's background. */
export const ARCHIVE_LOADING_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: "background", type: "background", paint: { "background-color": ARCHIVE_COLORS.water } }],
};

const RASTER = new Set<number>([TileType.Png, TileType.Jpeg, TileType.Webp, TileType.Avif]);
const BASEMAP_LAYERS = ["earth", "water", "roads", "landuse", "landcover", "boundaries"];
const PARK_KINDS = ["park", "nature_reserve", "national_park", "forest", "wood", "cemetery", "golf_course"];

interface ArchiveMetadata {
  vector_layers?: { id?: unknown }[];
  attribution?: unknown;
}

/**
 * The archive's attribution as plain text: the metadata's HTML (a link to the OpenStreetMap copyright
 * page, typically) is the archive's, not ours to inject into the page.
 */
function attributionOf(metadata: ArchiveMetadata): string | undefined {
  if (typeof metadata.attribution !== "string") return undefined;
  const text = metadata.attribution
    .replace(/<[^>]*>/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .trim();
  return text || undefined;
}

const byKind = (kinds: string[]): ExpressionSpecification => ["in", ["get", "kind"], ["literal", kinds]];
const geometry = (types: string[]): ExpressionSpecification => ["in", ["geometry-type"], ["literal", types]];
const width = (at5: number, at15: number): ExpressionSpecification => [
  "interpolate",
  ["exponential", 1.6],
  ["zoom"],
  5,
  at5,
  15,
  at15,
];

export function archiveStyle(
  styleUrl: string,
  header: Pick<Header, "tileType">,
  rawMetadata: unknown,
): StyleSpecification {
  const metadata = (rawMetadata ?? {}) as ArchiveMetadata;
  const attribution = attributionOf(metadata);
  const background: LayerSpecification = {
    id: "background",
    type: "background",
    paint: { "background-color": ARCHIVE_COLORS.water },
  };
  if (RASTER.has(header.tileType))
    return {
      version: 8,
      sources: { archive: { type: "raster", url: styleUrl, tileSize: 256, attribution } },
      layers: [background, { id: "archive", type: "raster", source: "archive" }],
    };
  if (header.tileType !== TileType.Mvt) throw new Error(`Unsupported tile type ${header.tileType}`);

  const listed = (metadata.vector_layers ?? [])
    .map((l) => l.id)
    .filter((id): id is string => typeof id === "string");
  const has = (id: string) => listed.length === 0 || listed.includes(id);
  const basemap = listed.length === 0 || BASEMAP_LAYERS.some((id) => listed.includes(id));
  const source = "archive";
  const layers: LayerSpecification[] = [background];
  if (basemap) {
    if (has("earth"))
      layers.push({
        id: "earth",
        type: "fill",
        source,
        "source-layer": "earth",
        paint: { "fill-color": ARCHIVE_COLORS.earth },
      });
    if (has("landcover"))
      layers.push({
        id: "landcover",
        type: "fill",
        source,
        "source-layer": "landcover",
        paint: { "fill-color": ARCHIVE_COLORS.landcover, "fill-opacity": 0.7 },
      });
    if (has("landuse"))
      layers.push({
        id: "landuse",
        type: "fill",
        source,
        "source-layer": "landuse",
        paint: {
          "fill-color": ["case", byKind(PARK_KINDS), ARCHIVE_COLORS.park, ARCHIVE_COLORS.landuse],
          "fill-opacity": 0.7,
        },
      });
    if (has("water"))
      layers.push({
        id: "water",
        type: "fill",
        source,
        "source-layer": "water",
        filter: geometry(["Polygon", "MultiPolygon"]),
        paint: { "fill-color": ARCHIVE_COLORS.water },
      });
    if (has("roads"))
      layers.push(
        {
          id: "roads-minor",
          type: "line",
          source,
          "source-layer": "roads",
          minzoom: 11,
          filter: ["!", byKind(["highway", "major_road"])],
          paint: { "line-color": ARCHIVE_COLORS.minorRoad, "line-width": width(0.3, 2) },
        },
        {
          id: "roads-major",
          type: "line",
          source,
          "source-layer": "roads",
          filter: byKind(["major_road"]),
          paint: { "line-color": ARCHIVE_COLORS.majorRoad, "line-width": width(0.4, 3) },
        },
        {
          id: "roads-highway",
          type: "line",
          source,
          "source-layer": "roads",
          filter: byKind(["highway"]),
          paint: { "line-color": ARCHIVE_COLORS.highway, "line-width": width(0.6, 4) },
        },
      );
    if (has("boundaries"))
      layers.push({
        id: "boundaries",
        type: "line",
        source,
        "source-layer": "boundaries",
        paint: { "line-color": ARCHIVE_COLORS.boundary, "line-width": 0.8, "line-dasharray": [3, 2] },
      });
  } else
    for (const id of listed)
      layers.push(
        {
          id: `${id}-fill`,
          type: "fill",
          source,
          "source-layer": id,
          filter: geometry(["Polygon", "MultiPolygon"]),
          paint: { "fill-color": ARCHIVE_COLORS.landuse, "fill-opacity": 0.6 },
        },
        {
          id: `${id}-line`,
          type: "line",
          source,
          "source-layer": id,
          filter: geometry(["LineString", "MultiLineString"]),
          paint: { "line-color": ARCHIVE_COLORS.boundary, "line-width": 1 },
        },
      );
  return {
    version: 8,
    sources: { archive: { type: "vector", url: styleUrl, attribution } },
    layers,
  };
}
