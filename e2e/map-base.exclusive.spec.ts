import { expect, type Page, test } from "@playwright/test";
import { ARCHIVE_COLORS } from "../src/web/features/tracking/components/pmtiles-style";
import { loginAs, toast } from "./fixtures";
import { fullTileMvt, pmtilesArchive, type Served, serveFiles, solidPng, TileType } from "./pmtiles-archive";

/**
 * A self-hosted Protomaps archive as the maps' base (issue 40, decision 053): real PMTiles v3 archives
 * (pmtiles-archive.ts) served by a loopback static host with byte ranges and CORS, named in Settings →
 * Maps & tracking, drawn by the real map in software WebGL (SwiftShader). The assertions read the
 * colour the map painted (a screenshot of the map, its centre pixel) and the host's request log.
 * Exclusive: the tile style is company-wide, and the specs running beside the others expect the
 * shipped outlines; every test puts the setting back.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-first-run"],
  },
});

type Rgb = readonly [number, number, number];
const RASTER_COLOR: Rgb = [201, 38, 143];
const hex = (color: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16)) as never;

let host: Served;
test.beforeAll(async () => {
  const vector = pmtilesArchive(TileType.Mvt, [{ z: 0, x: 0, y: 0, data: fullTileMvt("earth") }], {
    name: "Test basemap",
    // Markup in an archive's attribution is shown as text, never put into the page.
    attribution: '<a href="https://example.com/evil" onclick="alert(1)">© Test basemap</a>',
    vector_layers: [{ id: "earth", fields: {} }],
  });
  const raster = pmtilesArchive(TileType.Png, [{ z: 0, x: 0, y: 0, data: solidPng(RASTER_COLOR) }], {
    name: "Test raster",
  });
  const files = {
    "/basemap.pmtiles": { body: vector, type: "application/octet-stream" },
    "/raster.pmtiles": { body: raster, type: "application/octet-stream" },
  };
  host = await serveFiles(files);
  // A style JSON whose source is an archive on the same host (the other way to use Protomaps).
  const style = {
    version: 8,
    sources: { photo: { type: "raster", url: `pmtiles://${host.origin}/raster.pmtiles`, tileSize: 256 } },
    layers: [{ id: "photo", type: "raster", source: "photo" }],
  };
  Object.assign(files, {
    "/style.json": { body: Buffer.from(JSON.stringify(style)), type: "application/json" },
  });
});
test.afterAll(() => host.close());

/** The colour at the centre of the drawn map (no truck there: the search matches none). */
async function centreColour(page: Page): Promise<Rgb> {
  const shot = await page.getByTestId("map-view").screenshot();
  return page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const [r, g, b] = context.getImageData(image.width >> 1, image.height >> 1, 1, 1).data;
    return [r, g, b] as const;
  }, shot.toString("base64"));
}
const near = (a: Rgb, b: Rgb) => a.every((v, i) => Math.abs(v - b[i]) <= 3);

/** Settings' tile style, saved through the API as the admin (the first test saves it on the form). */
async function saveTileStyle(page: Page, tileStyleUrl: string) {
  const saved = await (await page.request.get("/api/settings/geo")).json();
  const part = (p: { kind: string | null; url: string }) => ({ kind: p.kind, url: p.url, key: "" });
  const res = await page.request.put("/api/settings/geo", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      geocoder: part(saved.geocoder),
      router: part(saved.router),
      telematics: part(saved.telematics),
      circuityFactor: saved.circuityFactor,
      geofenceRadiusMiles: saved.geofenceRadiusMiles,
      positionRetentionDays: saved.positionRetentionDays,
      sharingIntervalSeconds: saved.sharingIntervalSeconds,
      tileStyleUrl,
    },
  });
  expect(res.status()).toBe(200);
  await baseIs(page, tileStyleUrl || null);
}
/** The server has read the save (its CSP allows the new origin once the base says so). */
async function baseIs(page: Page, tileStyleUrl: string | null) {
  await expect
    .poll(async () => (await (await page.request.get("/api/geo/map-base")).json()).tileStyleUrl)
    .toBe(tileStyleUrl);
}

async function openEmptyMap(page: Page) {
  await page.goto(`/operations/map?q=nobody-${Date.now().toString(36)}`);
  await expect(page.getByText("No truck matches")).toBeVisible();
  await expect(page.getByTestId("map-view")).toBeVisible();
}

test("a vector archive named in Settings is the base, drawn in the built style and read by ranges", async ({
  page,
}) => {
  await loginAs(page, "admin@demo.test");
  const archive = `pmtiles://${host.origin}/basemap.pmtiles`;
  await page.goto("/settings?tab=maps");
  const field = page.getByTestId("geo-tile-style");
  const before = await field.inputValue();
  try {
    await field.fill(archive);
    await page.getByTestId("save-geo").click();
    await expect(toast(page)).toContainText("Maps & tracking saved");
    await baseIs(page, archive);
    const csp = (await page.request.get("/api/health")).headers()["content-security-policy"];
    expect(csp).toContain(`connect-src 'self' ${host.origin}`);

    await openEmptyMap(page);
    // The archive's earth polygon, in the earth colour of the style built from its metadata.
    await expect.poll(async () => near(await centreColour(page), hex(ARCHIVE_COLORS.earth))).toBe(true);
    // Read as PMTiles is read: every request a byte range, answered 206 — the header and root
    // directory first, then the metadata and the tile further in.
    const reads = host.requests.filter((r) => r.path === "/basemap.pmtiles");
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const read of reads) {
      expect(read.range).toMatch(/^bytes=\d+-\d+$/);
      expect(read.status).toBe(206);
    }
    expect(reads[0].range).toBe("bytes=0-16383");
    expect(reads.some((r) => !r.range?.startsWith("bytes=0-"))).toBe(true);
    // Its attribution, as text.
    const attribution = page.locator(".maplibregl-ctrl-attrib-inner");
    await expect(attribution).toContainText("© Test basemap");
    await expect(attribution.locator("a[href*='evil']")).toHaveCount(0);
  } finally {
    await saveTileStyle(page, before);
  }
});

test("a style JSON whose source is an archive, and a raster archive named directly, both draw its tiles", async ({
  page,
}) => {
  await loginAs(page, "admin@demo.test");
  const before = (await (await page.request.get("/api/settings/geo")).json()).tileStyleUrl as string;
  try {
    await saveTileStyle(page, `${host.origin}/style.json`);
    await openEmptyMap(page);
    await expect.poll(async () => near(await centreColour(page), RASTER_COLOR)).toBe(true);
    expect(host.requests.filter((r) => r.path === "/style.json")).not.toHaveLength(0);
    const reads = host.requests.filter((r) => r.path === "/raster.pmtiles");
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.every((r) => r.status === 206 && /^bytes=\d+-\d+$/.test(r.range ?? ""))).toBe(true);

    await saveTileStyle(page, `pmtiles://${host.origin}/raster.pmtiles`);
    await openEmptyMap(page);
    await expect.poll(async () => near(await centreColour(page), RASTER_COLOR)).toBe(true);
  } finally {
    await saveTileStyle(page, before);
  }
});
