import { MERGE_FIELDS } from "@shared/contracts/contracts.schema";
import { Bold, Heading, Italic, List, ListOrdered } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Select, Textarea } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { RichText } from "./rich-text";

/**
 * The contract content editor: a text area with formatting buttons (heading, bold, italic, lists), the
 * merge fields to insert, and a preview drawn exactly as the signer and the PDF will see it.
 */
export function RichTextEditor({
  value,
  onChange,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
  rows = 14,
  id,
}: {
  value: string;
  onChange: (value: string) => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  rows?: number;
  id?: string;
}) {
  const { t } = useTranslation("contracts");
  const area = useRef<HTMLTextAreaElement>(null);
  const [preview, setPreview] = useState(false);

  /** Wraps the selection (or inserts at the caret) and keeps the caret after the change. */
  const edit = (fn: (selected: string) => { text: string; caret?: number }, linePrefix = false) => {
    const el = area.current;
    if (!el) return;
    let start = el.selectionStart;
    const end = el.selectionEnd;
    if (linePrefix) start = value.lastIndexOf("\n", start - 1) + 1;
    const { text, caret } = fn(value.slice(start, end));
    const next = value.slice(0, start) + text + value.slice(end);
    onChange(next);
    requestAnimationFrame(() => {
      el.focus();
      const at = start + (caret ?? text.length);
      el.setSelectionRange(at, at);
    });
  };
  const wrap = (marker: string) => edit((s) => ({ text: `${marker}${s || t("editor.sample")}${marker}` }));
  const prefix = (p: string) =>
    edit(
      (s) => ({
        text: (s || "")
          .split("\n")
          .map((line) => `${p}${line.replace(/^(#{1,2}\s+|[-*]\s+|\d{1,3}[.)]\s+)/, "")}`)
          .join("\n"),
      }),
      true,
    );

  const tool = (label: string, icon: ReactNode, onClick: () => void) => (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={preview}
      className="size-9"
    >
      {icon}
    </Button>
  );

  return (
    <div className={cn("rounded-md border bg-white", invalid ? "border-red-500" : "border-slate-300")}>
      <div className="flex flex-wrap items-center gap-1 border-b border-slate-200 px-1.5 py-1">
        {tool(t("editor.heading"), <Heading aria-hidden />, () => prefix("## "))}
        {tool(t("editor.bold"), <Bold aria-hidden />, () => wrap("**"))}
        {tool(t("editor.italic"), <Italic aria-hidden />, () => wrap("_"))}
        {tool(t("editor.bullets"), <List aria-hidden />, () => prefix("- "))}
        {tool(t("editor.numbered"), <ListOrdered aria-hidden />, () => prefix("1. "))}
        <Select
          aria-label={t("editor.insertField")}
          value=""
          disabled={preview}
          onChange={(e) => {
            const field = e.target.value;
            if (field) edit(() => ({ text: `{{${field}}}` }));
          }}
          className="h-9 w-auto max-w-48 text-sm"
          data-testid="insert-merge-field"
        >
          <option value="">{t("editor.insertField")}</option>
          {MERGE_FIELDS.map((f) => (
            <option key={f} value={f}>
              {t(`mergeFields.${f}`)}
            </option>
          ))}
        </Select>
        <fieldset className="ml-auto flex rounded-md bg-slate-100 p-0.5 text-sm">
          <legend className="sr-only">{t("editor.mode")}</legend>
          {(["write", "preview"] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={(mode === "preview") === preview}
              onClick={() => setPreview(mode === "preview")}
              className={cn(
                "min-h-8 rounded px-3",
                (mode === "preview") === preview ? "bg-white font-medium shadow-sm" : "text-slate-600",
              )}
            >
              {t(`editor.${mode}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {preview ? (
        <div className="max-h-96 min-h-40 overflow-y-auto px-3 py-2" data-testid="content-preview">
          <RichText source={value} />
        </div>
      ) : (
        <Textarea
          id={id}
          ref={area}
          rows={rows}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="rounded-none border-0 font-mono text-sm shadow-none focus-visible:ring-0"
          data-testid="contract-content"
        />
      )}
      <p className="border-t border-slate-200 px-3 py-1.5 text-xs text-slate-500">{t("editor.hint")}</p>
    </div>
  );
}
