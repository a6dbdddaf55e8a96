import { BookMarked } from "lucide-react";
import { type RefObject, useCallback, useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { type Location, useLocationSearch } from "../../locations/api/locations";
import type { LoadFormValues } from "./load-form-values";

/**
 * The address book's matches under a stop's location name (downloaded after the form renders,
 * decision 023): the load's customer's usual places first. Arrow keys and Enter arrive through `keys`.
 */
export function LocationOptions({
  id,
  q,
  customerId,
  keys,
  form,
  index,
  onClose,
}: {
  id: string;
  q: string;
  customerId: string | null;
  keys: RefObject<((key: string) => boolean) | null>;
  form: UseFormReturn<LoadFormValues>;
  index: number;
  onClose: () => void;
}) {
  /** Fills the stop from the saved place and links it. */
  const onChoose = useCallback(
    (l: Location) => {
      const values: Partial<Record<keyof LoadFormValues["stops"][number], string>> = {
        locationName: l.name,
        address: l.address,
        city: l.city,
        state: l.state,
        postalCode: l.postalCode,
        contactName: l.contactName,
        contactPhone: l.contactPhone,
        locationId: l.id,
      };
      for (const [key, value] of Object.entries(values))
        form.setValue(`stops.${index}.${key}` as `stops.${number}.locationName`, value, {
          shouldDirty: true,
        });
      onClose();
    },
    [form, index, onClose],
  );
  const { t } = useTranslation("loads");
  const [active, setActive] = useState(0);
  const search = useLocationSearch(useDebouncedValue(q.trim(), 200), customerId, true);
  const options = (search.data?.items ?? []).slice(0, 6);
  const [shownFor, setShownFor] = useState(q);
  // A new search starts at its first match.
  if (shownFor !== q) {
    setShownFor(q);
    setActive(0);
  }
  useEffect(() => {
    keys.current = (key) => {
      if (!options.length) return false;
      if (key === "ArrowDown" || key === "ArrowUp")
        setActive((a) => (a + (key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
      else if (key === "Enter") onChoose(options[Math.min(active, options.length - 1)]);
      else if (key === "Escape") onClose();
      else return false;
      return true;
    };
    return () => {
      keys.current = null;
    };
  }, [keys, options, active, onChoose, onClose]);
  if (!options.length) return null;
  return (
    <div
      id={id}
      role="listbox"
      aria-label={t("stops.fields.locationName")}
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
          onClick={() => onChoose(l)}
          className="flex min-h-11 w-full items-start gap-2 rounded-md px-2 py-1.5 text-start text-sm hover:bg-slate-50 aria-selected:bg-sky-50"
          data-testid="location-option"
        >
          <BookMarked className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
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
  );
}
