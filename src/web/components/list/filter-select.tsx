import { Select } from "../ui/input";

/**
 * One of a list's filters: a native select of the allowed values plus "all" (no filter), wording each
 * value with `label`. Choosing "all" clears the filter from the URL.
 */
export function FilterSelect<T extends string>({
  label,
  all,
  value,
  options,
  optionLabel,
  onChange,
  className,
  testId,
}: {
  label: string;
  all: string;
  value: T | null | undefined;
  options: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (value: T | null) => void;
  className?: string;
  testId?: string;
}) {
  return (
    <Select
      aria-label={label}
      value={value ?? ""}
      onChange={(e) => onChange((e.target.value || null) as T | null)}
      className={className}
      data-testid={testId}
    >
      <option value="">{all}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </Select>
  );
}
