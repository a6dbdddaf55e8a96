import { inflateSync } from "node:zlib";

/** The words a PDF draws (its content streams inflated, each text run a hex string), for assertions. */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const out: string[] = [];
  for (let at = raw.indexOf("stream"); at >= 0; at = raw.indexOf("stream", at + 6)) {
    const start = at + (raw[at + 6] === 0x0d ? 8 : 7);
    const end = raw.indexOf("endstream", start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(raw.subarray(start, end)).toString("latin1");
    } catch {
      content = raw.subarray(start, end).toString("latin1");
    }
    for (const m of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g))
      out.push(Buffer.from(m[1], "hex").toString("latin1"));
    at = end;
  }
  return out.join(" ");
}
