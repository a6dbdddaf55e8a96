import { useCallback, useEffect } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PlaceStatus } from "../../../components/geo/place-status";
import { usePlaceLookup } from "../../../components/geo/use-place-lookup";
import { zoneName } from "../../../lib/format-zone";
import type { LoadFormValues } from "./load-form-values";

/**
 * Under a stop's address (issue 40): where the typed address is — "Placed: Chicago, IL 60632 (ZIP) ·
 * America/Chicago" — or a clear warning that it cannot be placed. A placed stop's zone becomes the
 * zone its appointment is typed in (the wall time typed stays; it is read in the new zone).
 */
export function StopPlace({
  form,
  index,
  className,
}: {
  form: UseFormReturn<LoadFormValues>;
  index: number;
  className?: string;
}) {
  const [address, city, state, postalCode, timeZone] = form.watch([
    `stops.${index}.address`,
    `stops.${index}.city`,
    `stops.${index}.state`,
    `stops.${index}.postalCode`,
    `stops.${index}.timeZone`,
  ]);
  const { place } = usePlaceLookup({ address, city, state, postalCode });
  const zone = place?.status === "placed" ? place.timeZone : undefined;
  useEffect(() => {
    if (zone && zone !== timeZone) form.setValue(`stops.${index}.timeZone`, zone);
  }, [zone, timeZone, form, index]);
  return <PlaceStatus place={place} className={className} testId={`stop-${index}-place`} />;
}

/** "Times in America/Chicago (CST)" under an appointment field; the device's zone until the stop is placed. */
export function useStopZoneHint() {
  const { t } = useTranslation("geo");
  return useCallback(
    (timeZone: string | undefined, wall: string | undefined) => {
      if (!timeZone) return undefined;
      const at = wall ? new Date(`${wall}:00Z`) : new Date();
      const name = zoneName(Number.isNaN(at.getTime()) ? new Date() : at, timeZone);
      return t("place.timesIn", { zone: name ? `${timeZone} (${name})` : timeZone });
    },
    [t],
  );
}
