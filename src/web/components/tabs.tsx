import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { cn } from "../lib/cn";

/**
 * Tabs after the WAI-ARIA pattern (automatic activation): the tab list is one stop of the Tab key, the
 * arrow keys (and Home, End) move between tabs and select them, a panel is in the page only while its
 * tab is selected. The same API and `data-state` attributes as Radix's tabs, without its roving-focus
 * machinery (7 KB gzip on every screen with tabs, decision 023).
 *
 * A tab names its panel (`aria-controls`) only while that panel is in the page: an id that points at
 * nothing is invalid ARIA, and tabs that switch a list's view (bills, transactions, settlements, chat)
 * have no panel of their own at all.
 */
interface TabsState {
  value: string | undefined;
  select: (value: string) => void;
  idOf: (part: "tab" | "panel", value: string) => string;
  /** The value whose panel is rendered, if any (set by `TabsContent` while it is mounted). */
  shown: string | undefined;
  setShown: (value: string | undefined) => void;
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
  const [shown, setShown] = useState<string | undefined>(undefined);
  const current = value ?? own;
  const state: TabsState = {
    shown,
    setShown,
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

/** Which edges of a scrolled tab list have more tabs beyond them. */
type Overflow = "none" | "start" | "end" | "both";
const EDGE = "2.5rem";
const FADE: Record<Overflow, string | undefined> = {
  none: undefined,
  end: `linear-gradient(to right, #000 calc(100% - ${EDGE}), transparent)`,
  start: `linear-gradient(to left, #000 calc(100% - ${EDGE}), transparent)`,
  both: `linear-gradient(to right, transparent, #000 ${EDGE}, #000 calc(100% - ${EDGE}), transparent)`,
};
/** Room kept beyond a tab scrolled into view, so the faded edge never covers it. */
const IN_VIEW_MARGIN = 32;

/**
 * Underlined tabs that scroll sideways on a narrow phone rather than wrap. An edge with more tabs
 * beyond it fades out (a mask, so it works on any background), which says "scroll" where a cut-off
 * word would say nothing; the selected tab is scrolled into view (a phone opening the third tab by
 * its address sees it).
 */
export function TabsList({ className, onKeyDown, onScroll, style, ref, ...props }: ComponentProps<"div">) {
  const selected = useContext(TabsContext)?.value;
  const list = useRef<HTMLDivElement | null>(null);
  const [overflow, setOverflow] = useState<Overflow>("none");
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setOverflow(start && end ? "both" : start ? "start" : end ? "end" : "none");
  }, []);
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    measure();
    if (typeof ResizeObserver === "undefined") return;
    // The list's width (a rotated phone) and its tabs' (a count arriving) both move the edges.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const tab of el.children) observer.observe(tab);
    return () => observer.disconnect();
  }, [measure]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the selection moves
  useLayoutEffect(() => {
    const el = list.current;
    const tab = el?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!el || !tab) return;
    const box = el.getBoundingClientRect();
    const at = tab.getBoundingClientRect();
    // Scroll the list only (scrollIntoView would move the page too).
    if (at.left < box.left) el.scrollLeft -= box.left - at.left + IN_VIEW_MARGIN;
    else if (at.right > box.right) el.scrollLeft += at.right - box.right + IN_VIEW_MARGIN;
    measure();
  }, [selected, measure]);
  const fade = FADE[overflow];
  const masked: CSSProperties | undefined = fade ? { maskImage: fade, WebkitMaskImage: fade } : undefined;

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
      onScroll={(event) => {
        onScroll?.(event);
        measure();
      }}
      ref={(node) => {
        list.current = node;
        if (typeof ref === "function") ref(node);
        else if (ref) ref.current = node;
      }}
      style={{ ...style, ...masked }}
      data-overflow={overflow}
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
      aria-controls={tabs.shown === value ? tabs.idOf("panel", value) : undefined}
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
  const open = tabs.value === value;
  const { setShown } = tabs;
  useLayoutEffect(() => {
    if (!open) return;
    setShown(value);
    return () => setShown(undefined);
  }, [open, value, setShown]);
  if (!open) return null;
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
