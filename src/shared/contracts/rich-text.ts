/**
 * A contract's rich text: a small, safe subset of Markdown that both the web page and the signed PDF
 * draw the same way — `# ` and `## ` headings, `- ` bullets, `1. ` numbered items, blank lines between
 * paragraphs, `**bold**` and `_italic_` inside a line. Nothing else is interpreted (no HTML, no links),
 * so what the signer reads is exactly the text that was hashed.
 */

export interface Span {
  /** Where it starts in its line (a stable key for the page). */
  at: number;
  text: string;
  bold: boolean;
  italic: boolean;
}

/** `line` is where the block starts in the source (a stable key for the page). */
export type Block = { line: number } & (
  | { kind: "heading"; level: 1 | 2; spans: Span[] }
  | { kind: "paragraph"; spans: Span[] }
  | { kind: "bullet"; spans: Span[] }
  | { kind: "numbered"; number: number; spans: Span[] }
);

/** The spans of one line: `**bold**` and `_italic_`; an unmatched marker is plain text. */
export function parseSpans(line: string): Span[] {
  const spans: Span[] = [];
  const re = /\*\*(.+?)\*\*|(?<![\w])_(.+?)_(?![\w])/g;
  let last = 0;
  for (const m of line.matchAll(re)) {
    const at = m.index ?? 0;
    if (at > last) spans.push({ at: last, text: line.slice(last, at), bold: false, italic: false });
    if (m[1] !== undefined) spans.push({ at, text: m[1], bold: true, italic: false });
    else spans.push({ at, text: m[2] ?? "", bold: false, italic: true });
    last = at + m[0].length;
  }
  if (last < line.length) spans.push({ at: last, text: line.slice(last), bold: false, italic: false });
  return spans;
}

export function parseRichText(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let paragraphLine = 0;
  const flush = () => {
    if (paragraph.length) {
      blocks.push({ line: paragraphLine, kind: "paragraph", spans: parseSpans(paragraph.join(" ")) });
    }
    paragraph = [];
  };
  source
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .forEach((raw, line) => {
      const text = raw.trim();
      if (!text) {
        flush();
        return;
      }
      const heading = /^(#{1,2})\s+(.*)$/.exec(text);
      const bullet = /^[-*]\s+(.*)$/.exec(text);
      const numbered = /^(\d{1,3})[.)]\s+(.*)$/.exec(text);
      if (heading) {
        flush();
        blocks.push({
          line,
          kind: "heading",
          level: heading[1].length as 1 | 2,
          spans: parseSpans(heading[2]),
        });
      } else if (bullet) {
        flush();
        blocks.push({ line, kind: "bullet", spans: parseSpans(bullet[1]) });
      } else if (numbered) {
        flush();
        blocks.push({ line, kind: "numbered", number: Number(numbered[1]), spans: parseSpans(numbered[2]) });
      } else {
        if (!paragraph.length) paragraphLine = line;
        paragraph.push(text);
      }
    });
  flush();
  return blocks;
}

/** Plain text of some spans (the PDF's fallback and tests). */
export const spansText = (spans: Span[]) => spans.map((s) => s.text).join("");

/** Replaces `{{field}}` with its value; unknown fields stay as written, so a typo is visible. */
export function fillMergeFields(source: string, values: Record<string, string>): string {
  return source.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name] : whole,
  );
}
