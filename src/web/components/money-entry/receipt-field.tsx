import { FileText, X } from "lucide-react";
import { type ReactNode, useId, useRef } from "react";
import { cn } from "../../lib/cn";
import { formatNumber } from "../../lib/format";
import { Button } from "../ui/button";
import { Label } from "../ui/input";

const kb = (size: number) => `${formatNumber(Math.max(1, Math.round(size / 1024)))} KB`;

/**
 * A receipt (a photo or a PDF) chosen for an entry: a dashed button to choose one, then the file's
 * name with Replace and Remove. The file itself stays with the dialog (`file`), which sends it; the
 * server checks it by content. The hidden input is emptied after each choice, so the same file picked
 * again after a refusal fires `change` again.
 */
export function ReceiptField({
  label,
  accept,
  file,
  currentName,
  error,
  hint,
  chooseLabel,
  chooseIcon,
  replaceLabel,
  removeLabel,
  onChoose,
  onRemove,
  showSize = false,
  tall = false,
  testId,
}: {
  label: string;
  accept: string;
  /** The file chosen in this dialog. */
  file: File | null;
  /** The receipt the record already has, when none was chosen here. */
  currentName?: string | null;
  error?: string;
  hint: string;
  chooseLabel: string;
  chooseIcon: ReactNode;
  replaceLabel: string;
  removeLabel: string;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
  /** The chosen file's size under its name. */
  showSize?: boolean;
  /** A thumb-sized choose button (the driver's phone form). */
  tall?: boolean;
  /** The file input's `data-testid`. */
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const name = file ? file.name : currentName;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        data-testid={testId}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = "";
          onChoose(chosen);
        }}
      />
      {name ? (
        <div className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2">
          <FileText className="size-5 shrink-0 text-slate-500" aria-hidden />
          {showSize && file ? (
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">{file.name}</span>
              <span className="block text-xs text-slate-500">{kb(file.size)}</span>
            </span>
          ) : (
            <span className="min-w-0 flex-1 truncate text-sm font-medium">{name}</span>
          )}
          <Button variant="ghost" size="sm" onClick={() => input.current?.click()}>
            {replaceLabel}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={removeLabel}
            onClick={() => {
              onRemove();
              if (input.current) input.current.value = "";
            }}
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : (
        <Button
          variant="outline"
          className={cn(tall && "h-14", "justify-start border-dashed", error && "border-red-500")}
          onClick={() => input.current?.click()}
        >
          {chooseIcon}
          {chooseLabel}
        </Button>
      )}
      <p
        id={`${id}-note`}
        role={error ? "alert" : undefined}
        className={error ? "text-sm text-red-600" : "text-xs text-slate-500"}
      >
        {error ?? hint}
      </p>
    </div>
  );
}
