import { useTranslation } from "react-i18next";
import { describePay } from "../../lib/describe-pay";
import { usePickerSearch } from "../../lib/use-picker-search";
import { Combobox, type ComboboxOption } from "../ui/combobox";
import {
  type CustomerOption,
  type DriverOption,
  type TrailerOption,
  useLookup,
  type VehicleOption,
} from "./lookups";

export interface PickerProps<T> {
  value: string | null;
  onChange: (value: string | null, row: T | null) => void;
  selectedLabel?: string | null;
  placeholder?: string;
  id?: string;
  className?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-label"?: string;
}

/** Server-searched picker: asks the lookup endpoint only while open, 300 ms after typing stops. */
function usePicker<K extends "drivers" | "customers" | "vehicles" | "trailers">(kind: K) {
  const { t } = useTranslation("loads");
  const { search, setSearch, q, typing } = usePickerSearch();
  const lookup = useLookup(kind, q);
  return {
    search,
    setSearch,
    typing,
    lookup,
    labels: {
      search: t("pickers.search"),
      empty: lookup.isError ? t("pickers.failed") : t("pickers.empty"),
      clear: t("pickers.clear"),
      loading: t("common:loading"),
    },
  };
}

function Picker<T extends { id: string }>({
  rows,
  toOption,
  picker,
  props,
  placeholder,
}: {
  rows: T[] | undefined;
  toOption: (row: T) => ComboboxOption;
  picker: ReturnType<typeof usePicker>;
  props: PickerProps<T>;
  placeholder: string;
}) {
  const list = rows ?? [];
  return (
    <Combobox
      id={props.id}
      className={props.className}
      aria-invalid={props["aria-invalid"]}
      aria-describedby={props["aria-describedby"]}
      aria-label={props["aria-label"]}
      value={props.value}
      selectedLabel={props.selectedLabel ?? undefined}
      onChange={(value) => props.onChange(value, list.find((r) => r.id === value) ?? null)}
      options={list.map(toOption)}
      search={picker.search}
      onSearchChange={picker.setSearch}
      // Busy from the keystroke, not only from the request: the options will change under the pointer.
      loading={picker.lookup.isFetching || picker.typing}
      placeholder={props.placeholder ?? placeholder}
      labels={picker.labels}
    />
  );
}

export function DriverPicker(props: PickerProps<DriverOption>) {
  const { t } = useTranslation("loads");
  const picker = usePicker("drivers");
  return (
    <Picker
      rows={picker.lookup.data}
      picker={picker}
      props={props}
      placeholder={t("pickers.driver")}
      toOption={(d) => ({
        value: d.id,
        label: d.fullName,
        description: [
          t(`driverStatus.${d.status}`, { defaultValue: d.status }),
          d.defaultPayType && d.defaultPayRate ? describePay(t, d.defaultPayType, d.defaultPayRate) : null,
        ]
          .filter(Boolean)
          .join(" · "),
      })}
    />
  );
}

export function CustomerPicker(props: PickerProps<CustomerOption>) {
  const { t } = useTranslation("loads");
  const picker = usePicker("customers");
  return (
    <Picker
      rows={picker.lookup.data}
      picker={picker}
      props={props}
      placeholder={t("pickers.customer")}
      toOption={(c) => ({
        value: c.id,
        label: c.companyName || c.name,
        description: c.companyName && c.name !== c.companyName ? c.name : undefined,
      })}
    />
  );
}

export function VehiclePicker(props: PickerProps<VehicleOption>) {
  const { t } = useTranslation("loads");
  const picker = usePicker("vehicles");
  return (
    <Picker
      rows={picker.lookup.data}
      picker={picker}
      props={props}
      placeholder={t("pickers.vehicle")}
      toOption={(v) => ({
        value: v.id,
        label: vehicleLabel(v),
        description: [v.make, v.model].filter(Boolean).join(" ") || undefined,
      })}
    />
  );
}

export function TrailerPicker(props: PickerProps<TrailerOption>) {
  const { t } = useTranslation("loads");
  const picker = usePicker("trailers");
  return (
    <Picker
      rows={picker.lookup.data}
      picker={picker}
      props={props}
      placeholder={t("pickers.trailer")}
      toOption={(tr) => ({
        value: tr.id,
        label: tr.identifier,
        description: [t(`trailerTypes.${tr.type}`, { defaultValue: tr.type }), tr.size]
          .filter(Boolean)
          .join(" · "),
      })}
    />
  );
}

export const vehicleLabel = (v: Pick<VehicleOption, "unitNumber" | "plateNumber">) =>
  v.plateNumber ? `${v.unitNumber} (${v.plateNumber})` : v.unitNumber;
