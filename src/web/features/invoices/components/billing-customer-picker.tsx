import type { BillingCustomer } from "@shared/invoices/invoices.schema";
import { useTranslation } from "react-i18next";
import { Combobox } from "../../../components/ui/combobox";
import { formatMoney } from "../../../lib/format";
import { usePickerSearch } from "../../../lib/use-picker-search";
import { useBillingCustomers } from "../api/invoices";

/**
 * A customer picker searched on the server, with what each customer has to bill and owes. The
 * statements screen asks its own endpoint (its roles differ from the invoice screen's).
 */
export function BillingCustomerPicker({
  value,
  onChange,
  selectedLabel,
  source = "invoices",
  placeholder,
  className,
  id,
  ...aria
}: {
  value: string | null;
  onChange: (id: string | null, customer: BillingCustomer | null) => void;
  selectedLabel?: string | null;
  source?: "invoices" | "statements";
  placeholder?: string;
  className?: string;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-label"?: string;
}) {
  const { t } = useTranslation("invoices");
  const { search, setSearch, q, typing } = usePickerSearch();
  const lookup = useBillingCustomers(q, true, source);
  const rows = lookup.data ?? [];
  return (
    <Combobox
      id={id}
      className={className}
      {...aria}
      value={value}
      selectedLabel={selectedLabel ?? undefined}
      onChange={(next) => onChange(next, rows.find((r) => r.id === next) ?? null)}
      options={rows.map((c) => ({
        value: c.id,
        label: c.companyName,
        description: [
          c.name !== c.companyName ? c.name : null,
          source === "invoices" && c.billableLoads > 0
            ? t("picker.billable", { count: c.billableLoads })
            : null,
          Number(c.openBalance) > 0 ? t("picker.open", { amount: formatMoney(c.openBalance) }) : null,
        ]
          .filter(Boolean)
          .join(" · "),
      }))}
      search={search}
      onSearchChange={setSearch}
      loading={lookup.isFetching || typing}
      placeholder={placeholder ?? t("picker.placeholder")}
      labels={{
        search: t("picker.search"),
        empty: lookup.isError ? t("picker.failed") : t("picker.empty"),
        clear: t("picker.clear"),
        loading: t("common:loading"),
      }}
    />
  );
}
