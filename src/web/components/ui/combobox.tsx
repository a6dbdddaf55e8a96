import { Check, ChevronsUpDown, Search, X } from "lucide-react";
import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { Spinner } from "./feedback";
import { inputClass } from "./input";
import { overlays, reachForOverlays, useOverlaysOnceReached } from "./overlays";

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line under the label (status, details). */
  description?: ReactNode;
}

/**
 * A picker that searches as the user types (the caller runs the search, usually on the server)
 * and shows the choice in a button like a select. Texts come from the caller.
 */
export function Combobox({
  value,
  selectedLabel,
  onChange,
  options,
  search,
  onSearchChange,
  loading,
  placeholder,
  labels,
  id,
  disabled,
  className,
  clearable = true,
  ...aria
}: {
  value: string | null;
  /** The chosen option's label when it is not among the current options. */
  selectedLabel?: string;
  onChange: (value: string | null, option: ComboboxOption | null) => void;
  options: ComboboxOption[];
  search: string;
  onSearchChange: (search: string) => void;
  loading?: boolean;
  placeholder: string;
  labels: { search: string; empty: string; clear: string; loading: string };
  id?: string;
  disabled?: boolean;
  className?: string;
  clearable?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-label"?: string;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<ComboboxOption | null>(null);

  const current = options.find((o) => o.value === value) ?? (chosen?.value === value ? chosen : null);
  const label = value ? (current?.label ?? selectedLabel ?? "") : "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result list starts at its top
  useEffect(() => setActive(0), [options]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const pick = (option: ComboboxOption) => {
    setChosen(option);
    onChange(option.value, option);
    setOpen(false);
  };

  // Until the popover's machinery has arrived (./overlays.ts) the trigger is the same button without
  // it: a click, Enter, Space or the down arrow opens the list as soon as it is there.
  const [reached, setReached] = useState(false);
  const Popover = useOverlaysOnceReached(reached)?.Popover;
  const reach = () => {
    setReached(true);
    setOpen(true);
    reachForOverlays(() => setOpen(false));
  };
  const trigger = (lite?: ComponentProps<"button">) => (
    <button
      type="button"
      id={id}
      role="combobox"
      aria-expanded={open}
      aria-controls={listId}
      aria-invalid={aria["aria-invalid"]}
      aria-describedby={aria["aria-describedby"]}
      aria-label={aria["aria-label"]}
      className={cn(
        inputClass,
        "items-center justify-between gap-2 text-left",
        value && clearable && "pr-16 max-sm:pr-20",
      )}
      {...lite}
    >
      <span className={cn("truncate", !label && "text-slate-500")}>{label || placeholder}</span>
      <ChevronsUpDown className="size-4 shrink-0 text-slate-500" aria-hidden />
    </button>
  );
  const clear =
    value && clearable && !disabled ? (
      <button
        type="button"
        onClick={() => {
          setChosen(null);
          onChange(null, null);
        }}
        aria-label={labels.clear}
        className="absolute right-8 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 max-sm:right-7 max-sm:grid max-sm:size-11 max-sm:place-items-center max-sm:p-0"
      >
        <X className="size-4" aria-hidden />
      </button>
    ) : null;
  if (!Popover)
    return (
      <div className={cn("relative", className)}>
        {trigger({
          disabled,
          "aria-haspopup": "dialog",
          onPointerEnter: () => void overlays.load().catch(() => {}),
          onClick: reach,
          onKeyDown: (e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              reach();
            }
          },
        })}
        {clear}
      </div>
    );

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <div className={cn("relative", className)}>
        <Popover.Trigger asChild disabled={disabled}>
          {trigger()}
        </Popover.Trigger>
        {clear}
      </div>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-64 max-w-[calc(100vw-1rem)] rounded-md border border-slate-200 bg-white shadow-lg"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            (e.currentTarget as HTMLElement).querySelector("input")?.focus();
          }}
        >
          <div className="relative border-b border-slate-100 p-2">
            <Search
              className="pointer-events-none absolute left-4.5 top-1/2 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden
            />
            <input
              type="search"
              aria-label={labels.search}
              placeholder={labels.search}
              aria-controls={listId}
              aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
              value={search}
              onChange={(e) => onSearchChange(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "ArrowDown") {
                  e.preventDefault();
                  setActive((i) => Math.min(options.length - 1, i + 1));
                } else if (e.key === "ArrowUp") {
                  e.preventDefault();
                  setActive((i) => Math.max(0, i - 1));
                } else if (e.key === "Enter") {
                  e.preventDefault();
                  if (options[active]) pick(options[active]);
                }
              }}
              className={cn(inputClass, "h-9 pl-8")}
            />
          </div>
          <div
            ref={listRef}
            id={listId}
            role="listbox"
            // While the options are being replaced (a search running), say so: what is under the pointer may change.
            aria-busy={loading || undefined}
            className="max-h-64 overflow-y-auto p-1"
          >
            {options.map((option, index) => (
              <div
                key={option.value}
                id={`${listId}-${index}`}
                data-index={index}
                role="option"
                tabIndex={-1}
                aria-selected={option.value === value}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(option)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") pick(option);
                }}
                className={cn(
                  "flex cursor-pointer items-start gap-2 rounded px-2 py-2 text-sm",
                  index === active && "bg-slate-100",
                )}
              >
                <Check
                  className={cn(
                    "mt-0.5 size-4 shrink-0",
                    option.value === value ? "text-brand-700" : "invisible",
                  )}
                  aria-hidden
                />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{option.label}</span>
                  {option.description ? (
                    <span className="block text-xs text-slate-500">{option.description}</span>
                  ) : null}
                </span>
              </div>
            ))}
            {loading && options.length === 0 ? (
              <div className="px-2 py-3">
                <Spinner label={labels.loading} className="text-sm" />
              </div>
            ) : options.length === 0 ? (
              <p className="px-2 py-3 text-sm text-slate-500">{labels.empty}</p>
            ) : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
