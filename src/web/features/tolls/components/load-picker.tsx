import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Combobox } from "../../../components/ui/combobox";
import { formatDate } from "../../../lib/format";
import { usePickerSearch } from "../../../lib/use-picker-search";
import { useLoadOptions } from "../api/tolls";

/** Picks a load by number or city, newest pickup first. */
export function LoadPicker({
  value,
  selectedLabel,
  onChange,
  placeholder,
  id,
  ...aria
}: {
  value: string | null;
  selectedLabel?: string;
  onChange: (id: string | null, label: string | null) => void;
  placeholder: string;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { t } = useTranslation("tolls");
  const [open, setOpen] = useState(false);
  const { search, setSearch, q, typing } = usePickerSearch();
  const loads = useLoadOptions(q, open || search !== "");
  const rows = loads.data ?? [];
  return (
    <div onFocusCapture={() => setOpen(true)} onPointerDownCapture={() => setOpen(true)}>
      <Combobox
        id={id}
        {...aria}
        value={value}
        selectedLabel={selectedLabel}
        onChange={(next) => onChange(next, rows.find((l) => l.id === next)?.loadNumber ?? null)}
        options={rows.map((l) => ({
          value: l.id,
          label: l.loadNumber,
          description: `${l.pickupCity}, ${l.pickupState} → ${l.deliveryCity}, ${l.deliveryState} · ${formatDate(l.pickupAt)}${l.driverName ? ` · ${l.driverName}` : ""}`,
        }))}
        search={search}
        onSearchChange={setSearch}
        loading={loads.isFetching || typing}
        placeholder={placeholder}
        labels={{
          search: t("form.searchLoads"),
          empty: t("form.noLoads"),
          clear: t("form.clear"),
          loading: t("common:loading"),
        }}
      />
    </div>
  );
}
