/**
 * The pixel size a PNG or JPEG declares in its header, read without decoding it (a few bytes for a
 * PNG, the markers up to the frame header for a JPEG): what a decoder would have to allocate is known
 * before anything is decoded. Null when the header cannot be read.
 */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 24 && png.every((b, i) => bytes[i] === b)) {
    // The first chunk is IHDR: width and height, big-endian.
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1];
      if (marker === 0xff) {
        at++; // fill byte
        continue;
      }
      // Start-of-frame markers (not DHT C4, JPG C8, DAC CC): precision, height, width.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        at += 2; // markers without a length
        continue;
      }
      at += 2 + view.getUint16(at + 2);
    }
  }
  return null;
}

export const pixelsOf = (size: { width: number; height: number } | null) =>
  size ? size.width * size.height : Number.POSITIVE_INFINITY;
