import { BookMarked } from "lucide-react";
import { useId, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Input } from "../../../components/ui/input";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { type Location, useLocationSearch } from "../../locations/api/locations";
import type { LoadFormValues } from "./load-form-values";

/**
 * A stop's location name that searches the address book as it is typed (the load's customer's usual
 * places first): choosing one fills the stop's address, contact and saved-location link.
 */
export function LocationNameInput({
  form,
  index,
  ...aria
}: {
  form: UseFormReturn<LoadFormValues>;
  index: number;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
}) {
  const { t } = useTranslation("loads");
  const { register, watch, setValue } = form;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const name = watch(`stops.${index}.locationName`) ?? "";
  const customerId = watch("customerId");
  const q = useDebouncedValue(name.trim(), 200);
  const search = useLocationSearch(q, customerId, open);
  const options = open ? (search.data?.items ?? []).slice(0, 6) : [];
  const field = register(`stops.${index}.locationName`);

  const choose = (l: Location) => {
    const set = (key: keyof LoadFormValues["stops"][number], value: string | null) =>
      setValue(`stops.${index}.${key}` as `stops.${number}.locationName`, value as string, {
        shouldDirty: true,
      });
    set("locationName", l.name);
    set("address", l.address);
    set("city", l.city);
    set("state", l.state);
    set("postalCode", l.postalCode);
    set("contactName", l.contactName);
    set("contactPhone", l.contactPhone);
    set("locationId", l.id);
    setOpen(false);
  };

  return (
    <div className="relative">
      <Input
        {...field}
        {...aria}
        autoComplete="off"
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        data-testid={`stop-${index}-locationName`}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          void field.onChange(e);
          // Typing a new name unlinks the saved location it came from.
          setValue(`stops.${index}.locationId`, null);
          setOpen(true);
          setActive(0);
        }}
        onBlur={(e) => {
          void field.onBlur(e);
          setTimeout(() => setOpen(false), 150);
        }}
        onKeyDown={(e) => {
          if (!options.length) return;
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            setActive((a) => (a + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
          } else if (e.key === "Enter") {
            e.preventDefault();
            choose(options[active]);
          } else if (e.key === "Escape") setOpen(false);
        }}
      />
      {options.length ? (
        <div
          id={listId}
          role="listbox"
          aria-label={t("stops.addressBook")}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {options.map((l, i) => (
            <button
              key={l.id}
              type="button"
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(l)}
              className="flex min-h-11 w-full items-start gap-2 rounded-md px-2 py-1.5 text-start text-sm aria-selected:bg-sky-50 hover:bg-slate-50"
              data-testid="location-option"
            >
              <BookMarked className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {l.name}
                  {l.usual ? (
                    <span className="ms-2 rounded bg-emerald-50 px-1.5 text-xs font-normal text-emerald-700">
                      {t("stops.usual")}
                    </span>
                  ) : null}
                </span>
                <span className="block truncate text-slate-500">
                  {[l.address, l.city, l.state].filter(Boolean).join(", ")}
                  {l.hours ? ` · ${l.hours}` : ""}
                </span>
              </span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
