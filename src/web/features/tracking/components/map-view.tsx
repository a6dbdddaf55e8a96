import {
  AttributionControl,
  addProtocol,
  type LineLayerSpecification,
  LngLatBounds,
  Map as MapLibre,
  Marker,
  NavigationControl,
  setWorkerUrl,
} from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import { PMTiles, Protocol } from "pmtiles";
import { useEffect, useRef } from "react";
import Supercluster from "supercluster";
import { cn } from "../../../lib/cn";
import { isArchiveUrl, mapStyleOf } from "./map-style";
import { ARCHIVE_LOADING_STYLE, archiveStyle } from "./pmtiles-style";

/**
 * The map itself — MapLibre GL and the clusterer, in a chunk of their own that only the screens with a
 * map download, after they have rendered (decision 053). Points are DOM markers, not a symbol layer:
 * each is a button with a label, reachable by keyboard and read by a screen reader, and the tests find
 * them without reading pixels. The offline base needs no glyphs, so no symbol layer exists at all.
 */

// The worker is a file of our own origin (Vite copies it with a hashed name), so the document's CSP
// needs nothing beyond script-src 'self' — no blob: worker (decision 053).
setWorkerUrl(workerUrl);

// Self-hosted Protomaps archives (`pmtiles://https://host/na.pmtiles`, in a style's sources or as the
// style itself): MapLibre asks this protocol for the archive's TileJSON and tiles, which it reads with
// HTTP range requests from the page (the CSP allows the archive's origin, modules/tracking/map-base.ts).
// Registered once, with the map chunk; one reader per archive, shared by every map on the page.
const archives = new Protocol();
addProtocol("pmtiles", archives.tile);

/** The style built from an archive named directly in Settings, from its header and metadata. */
async function styleOfArchive(styleUrl: string) {
  const url = styleUrl.slice("pmtiles://".length);
  let archive = archives.get(url);
  if (!archive) {
    archive = new PMTiles(url);
    archives.add(archive);
  }
  const [header, metadata] = await Promise.all([archive.getHeader(), archive.getMetadata()]);
  return archiveStyle(styleUrl, header, metadata);
}

export interface MapPoint {
  key: string;
  lat: number;
  lon: number;
  /** The marker's text (a unit number) and its accessible label (unit, driver, load, age of the fix). */
  text: string;
  label: string;
  tone: "live" | "stale" | "late" | "coarse" | "stop";
}

export interface MapLine {
  id: string;
  /**
   * [lat, lon] pairs, as the API sends them (`latLonSchema`: arrays of exactly two numbers, which the
   * generated types cannot call a tuple).
   */
  points: readonly (readonly number[])[];
  tone: "route" | "trail";
}

export interface MapViewProps {
  points: readonly MapPoint[];
  lines?: readonly MapLine[];
  /** A tile style URL from Settings; empty draws the shipped state/province outlines. */
  styleUrl?: string | null;
  selectedKey?: string | null;
  onSelect?: (key: string) => void;
  /** Group nearby points when zoomed out (the dispatch map); a load's panel shows its one truck. */
  cluster?: boolean;
  /** "12 trucks here — zoom in". */
  clusterLabel?: (count: number) => string;
  /** The region's name for screen readers ("Map of the trucks"). */
  label: string;
  /** Called when the browser cannot draw the map after all (WebGL refused at start or lost). */
  onFailed?: () => void;
  /** The closest zoom a fit may reach (a city for a coarse position). */
  maxFitZoom?: number;
  className?: string;
}

const US_CENTER: [number, number] = [-95.7, 39.5];
const TONES: Record<MapPoint["tone"], string> = {
  live: "border-brand-800 bg-brand-700 text-white",
  stale: "border-slate-500 bg-white text-slate-800",
  late: "border-red-800 bg-red-700 text-white",
  coarse: "border-brand-800 bg-brand-700/80 text-white",
  stop: "border-slate-700 bg-white text-slate-900",
};

export function MapView({
  points,
  lines = [],
  styleUrl,
  selectedKey = null,
  onSelect,
  cluster = false,
  clusterLabel = (count) => String(count),
  label,
  onFailed,
  maxFitZoom = 9,
  className,
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibre | null>(null);
  const markers = useRef(new Map<string, Marker>());
  const fitted = useRef(false);
  // The latest props, read by the map's event handlers without re-creating the map.
  const latest = useRef({ points, selectedKey, onSelect, clusterLabel, cluster });
  latest.current = { points, selectedKey, onSelect, clusterLabel, cluster };
  const index = useRef<Supercluster<{ key: string }> | null>(null);
  const linesRef = useRef(lines);
  linesRef.current = lines;

  // One map per mounted view, made again only when Settings' style changes; points and lines follow
  // in the effects below, and the handlers read the latest props through refs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per style, not per render
  useEffect(() => {
    if (!container.current) return;
    let map: MapLibre;
    const archive = isArchiveUrl(styleUrl);
    try {
      map = new MapLibre({
        container: container.current,
        style: archive ? ARCHIVE_LOADING_STYLE : mapStyleOf(styleUrl),
        center: US_CENTER,
        zoom: 3,
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
      });
    } catch {
      onFailed?.();
      return;
    }
    map.addControl(new NavigationControl({ showCompass: false }), "top-right");
    // Each base names its own sources' makers (Natural Earth, the tile service, the archive).
    map.addControl(new AttributionControl({ compact: true }));
    map.on("webglcontextlost", () => onFailed?.());
    // A base that cannot be fetched (no outlines shipped, a tile service down) leaves the background and
    // the trucks: the map stays useful, so the error is not the reader's to see (nor the console's).
    map.on("error", () => undefined);
    const redraw = () => drawMarkers(map);
    map.on("moveend", redraw);
    // Lines go on as soon as the style is in — not at "load", which waits for every source, and a
    // base whose outlines are missing would hold them back.
    map.on("style.load", () => drawLines(map, linesRef.current));
    map.on("load", redraw);
    mapRef.current = map;
    let gone = false;
    // The archive's own style replaces the placeholder whole (no diff: the lines are drawn again on
    // its style.load); an archive that cannot be read leaves the shipped outlines.
    if (archive)
      styleOfArchive(styleUrl)
        .catch(() => mapStyleOf(null))
        .then((style) => {
          if (!gone) map.setStyle(style, { diff: false });
        });
    const placed = markers.current;
    return () => {
      gone = true;
      for (const marker of placed.values()) marker.remove();
      placed.clear();
      map.remove();
      mapRef.current = null;
      fitted.current = false;
    };
  }, [styleUrl]);

  // Points: rebuild the clusters, fit the view the first time there is something to show, redraw.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawMarkers reads the latest props itself
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (cluster) {
      const next = new Supercluster<{ key: string }>({ radius: 56, maxZoom: 9 });
      next.load(
        points.map((p) => ({
          type: "Feature" as const,
          geometry: { type: "Point" as const, coordinates: [p.lon, p.lat] },
          properties: { key: p.key },
        })),
      );
      index.current = next;
    } else index.current = null;
    if (!fitted.current && points.length > 0) {
      fitted.current = true;
      fitTo(
        map,
        points.map((p) => [p.lon, p.lat] as [number, number]),
        maxFitZoom,
      );
    }
    drawMarkers(map);
  }, [points, cluster, maxFitZoom]);

  // The selected truck comes into view (chosen in the list, or on the map).
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the selection only, not each move
  useEffect(() => {
    const map = mapRef.current;
    const chosen = points.find((p) => p.key === selectedKey);
    if (map && chosen) map.easeTo({ center: [chosen.lon, chosen.lat], zoom: Math.max(map.getZoom(), 7) });
    if (map) drawMarkers(map);
  }, [selectedKey]);

  // Lines: a load's planned route and its breadcrumb.
  useEffect(() => {
    const map = mapRef.current;
    if (map?.isStyleLoaded()) drawLines(map, lines);
  }, [lines]);

  function drawMarkers(map: MapLibre) {
    const { points: all, selectedKey: chosen, onSelect: select, clusterLabel: countLabel } = latest.current;
    const byKey = new Map(all.map((p) => [p.key, p]));
    const wanted = new Map<
      string,
      { lngLat: [number, number]; element: () => HTMLElement; update: (e: HTMLElement) => void }
    >();
    const clusters = index.current;
    if (clusters) {
      const bounds = map.getBounds();
      const zoom = Math.floor(map.getZoom());
      for (const feature of clusters.getClusters(
        [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
        zoom,
      )) {
        const [lon, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          key?: string;
        };
        if (props.cluster && props.cluster_id !== undefined) {
          const id = props.cluster_id;
          const count = props.point_count ?? 0;
          wanted.set(`cluster:${id}`, {
            lngLat: [lon, lat],
            element: () =>
              markerButton("cluster", () =>
                map.easeTo({ center: [lon, lat], zoom: clusters.getClusterExpansionZoom(id) }),
              ),
            update: (e) => {
              e.textContent = String(count);
              e.setAttribute("aria-label", countLabel(count));
            },
          });
        } else if (props.key && byKey.has(props.key))
          wanted.set(`point:${props.key}`, pointMarker(byKey.get(props.key) as MapPoint));
      }
    } else for (const p of all) wanted.set(`point:${p.key}`, pointMarker(p));

    function pointMarker(p: MapPoint) {
      return {
        lngLat: [p.lon, p.lat] as [number, number],
        element: () =>
          select ? markerButton("point", () => latest.current.onSelect?.(p.key)) : markerImage(),
        update: (e: HTMLElement) => {
          const current = latest.current.points.find((q) => q.key === p.key) ?? p;
          e.textContent = current.text;
          e.setAttribute("aria-label", current.label);
          e.dataset.unitKey = current.key;
          e.dataset.lat = current.lat.toFixed(4);
          e.dataset.lon = current.lon.toFixed(4);
          if (select) e.setAttribute("aria-pressed", String(current.key === chosen));
          e.className = cn(
            "inline-grid min-h-8 min-w-8 place-items-center rounded-full border-2 px-2 text-xs font-semibold shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
            TONES[current.tone],
            current.key === chosen && "ring-2 ring-amber-400 ring-offset-1",
          );
        },
      };
    }

    const placed = markers.current;
    for (const [key, marker] of placed) {
      if (!wanted.has(key)) {
        marker.remove();
        placed.delete(key);
      }
    }
    for (const [key, want] of wanted) {
      let marker = placed.get(key);
      if (!marker) {
        marker = new Marker({ element: want.element() }).setLngLat(want.lngLat).addTo(map);
        placed.set(key, marker);
      } else marker.setLngLat(want.lngLat);
      want.update(marker.getElement());
    }
  }

  return (
    <section
      aria-label={label}
      ref={container}
      className={cn("relative overflow-hidden rounded-md border border-slate-200 bg-sky-50", className)}
      data-testid="map-view"
    />
  );
}

function markerButton(kind: "cluster" | "point", onClick: () => void): HTMLElement {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.marker = kind;
  if (kind === "cluster")
    button.className =
      "grid size-10 place-items-center rounded-full border-2 border-white bg-brand-800 text-sm font-semibold text-white shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2";
  // The map would otherwise take the click as the start of a drag.
  button.addEventListener("click", (e) => {
    e.stopPropagation();
    onClick();
  });
  return button;
}

/** A point nobody can choose (the shipper's coarse dot): an image with its label, not a button. */
function markerImage(): HTMLElement {
  const dot = document.createElement("span");
  dot.setAttribute("role", "img");
  dot.dataset.marker = "point";
  return dot;
}

function fitTo(map: MapLibre, coordinates: [number, number][], maxZoom: number) {
  const bounds = coordinates.reduce((b, c) => b.extend(c), new LngLatBounds(coordinates[0], coordinates[0]));
  map.fitBounds(bounds, { padding: 48, maxZoom, duration: 0 });
}

const LINE_PAINT: Record<MapLine["tone"], LineLayerSpecification["paint"]> = {
  route: { "line-color": "#64748b", "line-width": 3, "line-dasharray": [2, 2] },
  trail: { "line-color": "#1d4ed8", "line-width": 4 },
};

function drawLines(map: MapLibre, lines: readonly MapLine[]) {
  for (const line of lines) {
    const data = {
      type: "Feature" as const,
      properties: {},
      geometry: { type: "LineString" as const, coordinates: line.points.map(([lat, lon]) => [lon, lat]) },
    };
    const id = `line-${line.id}`;
    const source = map.getSource(id);
    if (source && "setData" in source) (source as { setData: (d: typeof data) => void }).setData(data);
    else {
      map.addSource(id, { type: "geojson", data });
      map.addLayer({ id, type: "line", source: id, paint: LINE_PAINT[line.tone] });
    }
  }
}
