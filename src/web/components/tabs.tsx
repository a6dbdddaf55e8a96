import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
  useState,
} from "react";
import { cn } from "../lib/cn";

/**
 * Tabs after the WAI-ARIA pattern (automatic activation): the tab list is one stop of the Tab key, the
 * arrow keys (and Home, End) move between tabs and select them, a panel is in the page only while its
 * tab is selected. The same API and `data-state` attributes as Radix's tabs, without its roving-focus
 * machinery (7 KB gzip on every screen with tabs, decision 023).
 */
interface TabsState {
  value: string | undefined;
  select: (value: string) => void;
  idOf: (part: "tab" | "panel", value: string) => string;
}
const TabsContext = createContext<TabsState | null>(null);
function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("A tab part is rendered outside <Tabs>.");
  return state;
}

export function Tabs({
  value,
  defaultValue,
  onValueChange,
  children,
  ...props
}: Omit<ComponentProps<"div">, "defaultValue" | "dir"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  children: ReactNode;
}) {
  const base = useId();
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const state: TabsState = {
    value: current,
    select: (next) => {
      if (next === current) return;
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    idOf: (part, v) => `${base}-${part}-${v}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div {...props}>{children}</div>
    </TabsContext.Provider>
  );
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** Underlined tabs that scroll sideways on a narrow phone rather than wrap. */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  const onArrow = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const move = MOVES[event.key];
    if (!move || event.defaultPrevented) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const from = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (from < 0) return;
    event.preventDefault();
    const to = tabs[move(from, tabs.length)];
    to.focus();
    to.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn(
        "-mb-px flex gap-1 overflow-x-auto border-b border-slate-200 [scrollbar-width:none]",
        className,
      )}
      onKeyDown={onArrow}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf("tab", value)}
      aria-selected={selected}
      aria-controls={tabs.idOf("panel", value)}
      data-state={selected ? "active" : "inactive"}
      tabIndex={selected ? 0 : -1}
      className={cn(
        "group inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 max-md:min-h-11 text-sm font-medium text-slate-500 transition-colors hover:text-slate-800 focus-visible:rounded-t focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:border-brand-700 data-[state=active]:text-brand-700 [&_svg]:size-4",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({ value, ...props }: Omit<ComponentProps<"div">, "value"> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf("panel", value)}
      aria-labelledby={tabs.idOf("tab", value)}
      data-state="active"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA's tabs pattern makes the panel focusable so Tab reaches its text after the tab list
      tabIndex={0}
      {...props}
    />
  );
}

export function TabCount({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <span className="rounded-full bg-slate-100 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-slate-600 group-data-[state=active]:bg-brand-50 group-data-[state=active]:text-brand-700">
      {value}
    </span>
  );
}
