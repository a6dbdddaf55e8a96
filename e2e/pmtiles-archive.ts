import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";
import { TileType, zxyToTileId } from "pmtiles";

/**
 * Real Protomaps archives for the map-base spec, written here byte by byte after the PMTiles v3
 * specification (github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md, read back by the `pmtiles`
 * package the app uses): a 127-byte header, one root directory, the JSON metadata, the tiles. No
 * compression anywhere, so nothing but the format itself is between these bytes and the map. And the
 * loopback server that serves them the way a static host or a bucket does: by byte ranges, with CORS.
 */

export interface Tile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

function varints(values: number[]): number[] {
  const out: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    out.push(v);
  }
  return out;
}

/** A v3 archive of these tiles (one root directory: fine for the few tiles a test needs). */
export function pmtilesArchive(tileType: TileType, tiles: Tile[], metadata: object): Buffer {
  const entries = tiles
    .map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: t.data }))
    .sort((a, b) => a.id - b.id);
  let offset = 0;
  const placed = entries.map((e) => {
    const at = offset;
    offset += e.data.length;
    return { ...e, offset: at };
  });
  // Directory: count, tile id deltas, run lengths, lengths, offsets (0 = right after the previous one).
  const directory = Buffer.from(
    varints([
      placed.length,
      ...placed.map((e, i) => e.id - (i ? placed[i - 1].id : 0)),
      ...placed.map(() => 1),
      ...placed.map((e) => e.data.length),
      ...placed.map((e, i) => (i === 0 ? e.offset + 1 : 0)),
    ]),
  );
  const json = Buffer.from(JSON.stringify(metadata));
  const tileData = Buffer.concat(placed.map((e) => e.data));
  const zooms = tiles.map((t) => t.z);

  const header = Buffer.alloc(127);
  header.write("PMTiles", 0, "ascii");
  header.writeUInt8(3, 7);
  const u64 = (at: number, v: number) => header.writeBigUInt64LE(BigInt(v), at);
  const rootAt = 127;
  const metadataAt = rootAt + directory.length;
  const leavesAt = metadataAt + json.length;
  u64(8, rootAt);
  u64(16, directory.length);
  u64(24, metadataAt);
  u64(32, json.length);
  u64(40, leavesAt);
  u64(48, 0);
  u64(56, leavesAt);
  u64(64, tileData.length);
  u64(72, placed.length);
  u64(80, placed.length);
  u64(88, placed.length);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(tileType, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  const e7 = (deg: number) => Math.round(deg * 1e7);
  header.writeInt32LE(e7(-180), 102);
  header.writeInt32LE(e7(-85), 106);
  header.writeInt32LE(e7(180), 110);
  header.writeInt32LE(e7(85), 114);
  header.writeUInt8(0, 118);
  header.writeInt32LE(0, 119);
  header.writeInt32LE(0, 123);
  return Buffer.concat([header, directory, json, tileData]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256 × 256 PNG of one colour (8-bit RGB, every row unfiltered). */
export function solidPng([r, g, b]: readonly [number, number, number]): Buffer {
  const size = 256;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + size * 3);
  for (let i = 0; i < size; i++) row.set([r, g, b], 1 + i * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A Mapbox Vector Tile (protobuf, spec 2.1) with one layer holding one polygon that covers the whole
 * tile and a little beyond: drawn overzoomed, it fills every view of the archive.
 */
export function fullTileMvt(layer: string): Buffer {
  const zigzag = (n: number) => (n << 1) ^ (n >> 31);
  const field = (tag: number, bytes: Buffer) =>
    Buffer.concat([Buffer.from(varints([tag, bytes.length])), bytes]);
  // MoveTo(-64, -64), LineTo ×3 (a clockwise ring in tile coordinates: an exterior ring), ClosePath.
  const geometry = Buffer.from(
    varints([
      (1 << 3) | 1,
      zigzag(-64),
      zigzag(-64),
      (3 << 3) | 2,
      zigzag(4224),
      zigzag(0),
      zigzag(0),
      zigzag(4224),
      zigzag(-4224),
      zigzag(0),
      (1 << 3) | 7,
    ]),
  );
  const feature = Buffer.concat([Buffer.from(varints([(3 << 3) | 0, 3])), field((4 << 3) | 2, geometry)]);
  const body = Buffer.concat([
    Buffer.from(varints([(15 << 3) | 0, 2])),
    field((1 << 3) | 2, Buffer.from(layer)),
    field((2 << 3) | 2, feature),
    Buffer.from(varints([(5 << 3) | 0, 4096])),
  ]);
  return field((3 << 3) | 2, body);
}

export { TileType };

export interface Served {
  origin: string;
  /** Every request for a file: its path, its Range header, the status answered. */
  requests: { path: string; range: string | undefined; status: number }[];
  close(): Promise<void>;
}

/**
 * Serves these files on 127.0.0.1 as a static host does for PMTiles: `Range` answered with 206 and
 * `Content-Range` (a range past the end is cut at the end), CORS for the app's origin (the map reads
 * the archive from the page), preflights answered.
 */
export async function serveFiles(files: Record<string, { body: Buffer; type: string }>): Promise<Served> {
  const requests: Served["requests"] = [];
  const cors = (headers: IncomingHttpHeaders) => ({
    "Access-Control-Allow-Origin": headers.origin ?? "*",
    "Access-Control-Allow-Headers": "range",
    "Access-Control-Expose-Headers": "content-range, content-length, etag",
    Vary: "Origin",
  });
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (req.method === "OPTIONS") {
      res.writeHead(204, { ...cors(req.headers), "Access-Control-Allow-Methods": "GET" }).end();
      return;
    }
    const file = files[path];
    const range = req.headers.range;
    const answer = (status: number, body: Buffer, headers: Record<string, string> = {}) => {
      requests.push({ path, range, status });
      res
        .writeHead(status, {
          ...cors(req.headers),
          "Content-Type": file?.type ?? "text/plain",
          "Content-Length": String(body.length),
          "Accept-Ranges": "bytes",
          ...headers,
        })
        .end(body);
    };
    if (!file) return answer(404, Buffer.from("not found"));
    const match = range && /^bytes=(\d+)-(\d+)?$/.exec(range);
    if (!match) return answer(200, file.body);
    const start = Number(match[1]);
    const end = Math.min(match[2] ? Number(match[2]) : file.body.length - 1, file.body.length - 1);
    if (start >= file.body.length)
      return answer(416, Buffer.alloc(0), { "Content-Range": `bytes */${file.body.length}` });
    answer(206, file.body.subarray(start, end + 1), {
      "Content-Range": `bytes ${start}-${end}/${file.body.length}`,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
