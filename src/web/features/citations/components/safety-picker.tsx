import type { SafetyOption, SafetyOptionKind } from "@shared/accidents/accidents.schema";
import { useTranslation } from "react-i18next";
import { Combobox } from "../../../components/ui/combobox";
import { usePickerSearch } from "../../../lib/use-picker-search";
import { useSafetyOptions } from "../api/safety-options";

/**
 * A server-searched picker of drivers, vehicles or trailers for the safety screens (citations and
 * accidents), 300 ms after typing stops. A driver option carries their assigned truck and trailer.
 */
export function SafetyPicker({
  kind,
  value,
  onChange,
  selectedLabel,
  placeholder,
  id,
  className,
  ...aria
}: {
  kind: SafetyOptionKind;
  value: string | null;
  onChange: (value: string | null, option: SafetyOption | null) => void;
  selectedLabel?: string | null;
  placeholder?: string;
  id?: string;
  className?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-label"?: string;
}) {
  const { t } = useTranslation("safety");
  const { search, setSearch, q, typing } = usePickerSearch();
  const options = useSafetyOptions(kind, q);
  const rows = options.data ?? [];
  return (
    <Combobox
      id={id}
      className={className}
      {...aria}
      value={value}
      selectedLabel={selectedLabel ?? undefined}
      onChange={(next) => onChange(next, rows.find((r) => r.id === next) ?? null)}
      options={rows.map((r) => ({ value: r.id, label: r.label, description: r.description ?? undefined }))}
      search={search}
      onSearchChange={setSearch}
      loading={options.isFetching || typing}
      placeholder={placeholder ?? t(`pickers.${kind}`)}
      labels={{
        search: t(`pickers.search.${kind}`),
        empty: options.isError ? t("pickers.failed") : t("pickers.empty"),
        clear: t("pickers.clear"),
        loading: t("common:loading"),
      }}
    />
  );
}
