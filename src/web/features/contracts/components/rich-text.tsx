import { type Block, parseRichText, type Span } from "@shared/contracts/rich-text";
import { type ReactNode, useMemo } from "react";
import { cn } from "../../../lib/cn";

const spans = (list: Span[]) =>
  list.map((s) =>
    s.bold ? (
      <strong key={s.at}>{s.text}</strong>
    ) : s.italic ? (
      <em key={s.at}>{s.text}</em>
    ) : (
      <span key={s.at}>{s.text}</span>
    ),
  );

function blockElement(block: Block): ReactNode {
  if (block.kind === "heading") {
    return block.level === 1 ? (
      <h2 key={block.line} className="mt-2 text-lg font-semibold text-slate-900">
        {spans(block.spans)}
      </h2>
    ) : (
      <h3 key={block.line} className="mt-4 text-base font-semibold text-slate-900">
        {spans(block.spans)}
      </h3>
    );
  }
  return (
    <p key={block.line} className="my-2">
      {spans(block.spans)}
    </p>
  );
}

/**
 * A contract's content drawn from its rich-text source (shared/contracts/rich-text.ts) — the same
 * blocks the signed PDF prints; nothing in it is HTML, so nothing in it runs.
 */
export function RichText({ source, className }: { source: string; className?: string }) {
  const blocks = useMemo(() => parseRichText(source), [source]);
  const out: ReactNode[] = [];
  for (let i = 0; i < blocks.length; ) {
    const block = blocks[i];
    if (block.kind === "bullet" || block.kind === "numbered") {
      const items: Block[] = [];
      while (i < blocks.length && blocks[i].kind === block.kind) items.push(blocks[i++]);
      const li = items.map((item) => <li key={item.line}>{spans(item.spans)}</li>);
      out.push(
        block.kind === "bullet" ? (
          <ul key={block.line} className="my-2 grid list-disc gap-1 pl-6">
            {li}
          </ul>
        ) : (
          <ol key={block.line} className="my-2 grid list-decimal gap-1 pl-6" start={block.number}>
            {li}
          </ol>
        ),
      );
      continue;
    }
    out.push(blockElement(block));
    i++;
  }
  return <div className={cn("text-sm leading-relaxed break-words text-slate-800", className)}>{out}</div>;
}
