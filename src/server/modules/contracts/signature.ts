import { inflateSync } from "node:zlib";

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A pad 1,000 CSS pixels wide on a 3× phone screen is 3000 × 600. */
export const SIGNATURE_MAX_PIXELS = 4_000_000;

/**
 * A drawn signature as the signing page sends it (a canvas's PNG data URL): its bytes when it is a
 * well-formed PNG with at least one drawn pixel, else null ("Please provide a signature."). A canvas
 * nobody drew on is transparent black: every filtered byte of every row is zero, whatever the filter,
 * so a blank signature is found without a full PNG decoder.
 */
export function drawnSignature(dataUrl: string): Uint8Array | null {
  const comma = dataUrl.indexOf(",");
  const bytes = new Uint8Array(Buffer.from(dataUrl.slice(comma + 1), "base64"));
  if (bytes.length < 60 || PNG_MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0;
  let height = 0;
  let colorType = -1;
  let bitDepth = 0;
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length !== length) return null;
    if (type === "IHDR") {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      bitDepth = bytes[at + 16];
      colorType = bytes[at + 17];
    } else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  // Checked before anything is unpacked: a signing pad is at most a few thousand pixels wide, and a
  // 200 KB PNG could otherwise declare 16 million of them to inflate (and later to embed) on the
  // server's only thread.
  if (
    !width ||
    !height ||
    width > 4000 ||
    height > 2000 ||
    width * height > SIGNATURE_MAX_PIXELS ||
    !idat.length
  )
    return null;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: height * (width * 8 + 1) });
  } catch {
    return null;
  }
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  if (!channels) return null;
  const stride = Math.ceil((width * channels * bitDepth) / 8);
  if (raw.length < height * (stride + 1)) return null;
  for (let row = 0; row < height; row++) {
    const start = row * (stride + 1) + 1;
    for (let i = start; i < start + stride; i++) if (raw[i] !== 0) return bytes;
  }
  return null;
}
