import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLookup } from "../../../components/pickers/lookups";
import { Field } from "../../../components/ui/field";
import { Input, Label, Select } from "../../../components/ui/input";
import { useDebouncedValue } from "../../../lib/use-debounced-value";

export type Who = "none" | "all" | "chosen";
export interface Chosen {
  id: string;
  label: string;
}

/**
 * The drivers and customers a mass email or an SMS blast goes to: the two pickers and the audience
 * they add up to (the staff roles, email only, are the form's own).
 */
export function useDriversAndCustomers() {
  const { t } = useTranslation("communications");
  const [drivers, setDrivers] = useState<Who>("none");
  const [driverList, setDriverList] = useState<Chosen[]>([]);
  const [customers, setCustomers] = useState<Who>("none");
  const [customerList, setCustomerList] = useState<Chosen[]>([]);
  return {
    audience: {
      drivers,
      driverIds: driverList.map((d) => d.id),
      customers,
      customerIds: customerList.map((c) => c.id),
    },
    /** The chosen ones with their names (a saved group keeps them to show when reloaded). */
    labels: [...driverList, ...customerList],
    /** Reloads the pickers from a saved group. */
    load(
      a: { drivers?: Who; driverIds?: string[]; customers?: Who; customerIds?: string[] },
      labels: Chosen[],
    ) {
      const named = (ids: string[] = []) =>
        ids.map((id) => ({ id, label: labels.find((l) => l.id === id)?.label ?? id }));
      setDrivers(a.drivers ?? "none");
      setDriverList(named(a.driverIds));
      setCustomers(a.customers ?? "none");
      setCustomerList(named(a.customerIds));
    },
    chosenAny: drivers === "all" || customers === "all" || driverList.length > 0 || customerList.length > 0,
    pickers: (
      <>
        <WhoPicker
          kind="drivers"
          label={t("email.drivers")}
          who={drivers}
          setWho={setDrivers}
          chosen={driverList}
          setChosen={setDriverList}
        />
        <WhoPicker
          kind="customers"
          label={t("email.customers")}
          who={customers}
          setWho={setCustomers}
          chosen={customerList}
          setChosen={setCustomerList}
        />
      </>
    ),
  };
}

/** Drivers or customers for a mass email or an SMS blast: nobody, all, or chosen ones found by name. */
export function WhoPicker({
  kind,
  label,
  who,
  setWho,
  chosen,
  setChosen,
}: {
  kind: "drivers" | "customers";
  label: string;
  who: Who;
  setWho: (w: Who) => void;
  chosen: Chosen[];
  setChosen: (c: Chosen[]) => void;
}) {
  const { t } = useTranslation("communications");
  const [q, setQ] = useState("");
  const search = useDebouncedValue(q, 250);
  const found = useLookup(kind, search, who === "chosen");
  const taken = new Set(chosen.map((c) => c.id));
  const options = (found.data ?? [])
    .map((o) => ({ id: o.id, label: "fullName" in o ? o.fullName : o.companyName }))
    .filter((o) => !taken.has(o.id))
    .slice(0, 8);
  return (
    <div className="grid gap-2">
      <Field label={label}>
        <Select value={who} onChange={(e) => setWho(e.target.value as Who)} data-testid={`who-${kind}`}>
          <option value="none">{t("who.none")}</option>
          <option value="all">{t(`who.all.${kind}`)}</option>
          <option value="chosen">{t("who.chosen")}</option>
        </Select>
      </Field>
      {who === "chosen" ? (
        <div className="grid gap-2">
          {chosen.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {chosen.map((c) => (
                <li
                  key={c.id}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-3 pr-1 text-sm"
                >
                  {c.label}
                  <button
                    type="button"
                    className="grid size-7 place-items-center rounded-full hover:bg-brand-100"
                    aria-label={t("remove", { name: c.label })}
                    onClick={() => setChosen(chosen.filter((x) => x.id !== c.id))}
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <Label className="sr-only" htmlFor={`find-${kind}`}>
            {t(`find.${kind}`)}
          </Label>
          <Input
            id={`find-${kind}`}
            type="search"
            placeholder={t(`find.${kind}`)}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          {options.length ? (
            <ul className="max-h-40 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
              {options.map((o) => (
                <li key={o.id}>
                  <button
                    type="button"
                    className="flex min-h-11 w-full items-center px-3 text-left text-sm hover:bg-slate-50"
                    onClick={() => setChosen([...chosen, o])}
                  >
                    {o.label}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
