import { useId } from "react";
import { Input, Label } from "../ui/input";

type Edge = "from" | "to";

/**
 * The "from – to" date pair of a list's filter bar: two labelled date inputs, side by side on
 * phones and inline on wide screens. Each bounds the other (no "to" before "from") unless
 * `unbounded`. `label` gives each edge's text, so the caller's translation keys stay visible.
 */
export function DateRangeFilter({
  from,
  to,
  label,
  onChange,
  testIdPrefix,
  unbounded = false,
}: {
  from: string | undefined;
  to: string | undefined;
  label: (edge: Edge) => string;
  onChange: (patch: Partial<Record<Edge, string>>) => void;
  /** `data-testid` of each input: `${testIdPrefix}-from` and `${testIdPrefix}-to`. */
  testIdPrefix?: string;
  unbounded?: boolean;
}) {
  const id = useId();
  const values = { from, to };
  return (
    <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:flex lg:items-center">
      {(["from", "to"] as const).map((edge) => (
        <div key={edge} className="grid min-w-0 gap-1 lg:flex lg:items-center lg:gap-2">
          <Label htmlFor={`${id}-${edge}`} className="whitespace-nowrap text-xs text-slate-500">
            {label(edge)}
          </Label>
          <Input
            id={`${id}-${edge}`}
            type="date"
            value={values[edge] ?? ""}
            min={!unbounded && edge === "to" ? from : undefined}
            max={!unbounded && edge === "from" ? to : undefined}
            onChange={(e) => onChange({ [edge]: e.target.value })}
            className="min-w-0 lg:w-40"
            data-testid={testIdPrefix ? `${testIdPrefix}-${edge}` : undefined}
          />
        </div>
      ))}
    </div>
  );
}
