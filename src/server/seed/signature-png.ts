import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * A canvas-like RGBA PNG as a data URL: transparent, with a dark pen stroke when `drawn` (a looping
 * cursive line) — what the signing page's pad sends for a drawn and for an untouched signature. The
 * demo's signed contracts and the tests use it.
 */
export function signaturePng(drawn: boolean, width = 300, height = 100): string {
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(height * stride);
  const ink = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const at = py * stride + 1 + px * 4;
        raw[at] = 15;
        raw[at + 1] = 23;
        raw[at + 2] = 42;
        raw[at + 3] = 255;
      }
    }
  };
  if (drawn) {
    for (let t = 0; t <= 1; t += 0.0005) {
      const x = 20 + t * (width - 40);
      const y = height / 2 + Math.sin(t * Math.PI * 7) * (height / 4) * (1 - t * 0.5) + Math.cos(t * 31) * 4;
      ink(x, y);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array()),
  ]);
  return `data:image/png;base64,${png.toString("base64")}`;
}
