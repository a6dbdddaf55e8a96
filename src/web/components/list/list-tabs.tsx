import type { FilterBinding } from "../../lib/list-filters";
import { Tabs, TabsList, TabsTrigger } from "../tabs";

/**
 * The tabs above a list that switch one of its URL parameters (a view, a status, a direction): one tab
 * a value, `fallback` the tab shown when the parameter is absent and the one that clears it.
 */
export function ListTabs<T extends string>({
  list,
  name,
  values,
  fallback,
  label,
  tabLabel,
}: {
  list: FilterBinding;
  name: string;
  values: readonly T[];
  fallback: T;
  label: string;
  tabLabel: (value: T) => string;
}) {
  const current = (list.filter as Record<string, string | null | undefined>)[name] ?? fallback;
  return (
    <Tabs value={current} onValueChange={(v) => list.update({ [name]: v === fallback ? null : v })}>
      <TabsList aria-label={label} className="mb-0 px-2">
        {values.map((v) => (
          <TabsTrigger key={v} value={v}>
            {tabLabel(v)}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  );
}
