import type { LoadStatusEvent } from "@shared/loads/loads.schema";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";

type EventWords = Pick<LoadStatusEvent, "kind" | "data" | "toStatus">;

/**
 * What a timeline event says, in the reader's language: the server stores a kind and its data
 * (decision 017), never a sentence. Names are the ones recorded at the time.
 */
export function useLoadEventText() {
  const { t } = useTranslation("loads");
  return (event: EventWords): string => {
    const { driverName, previousDriverName } = event.data;
    const status = t(`status.${event.toStatus}`);
    switch (event.kind) {
      case "created_assigned":
        return t("timeline.kinds.created_assigned", { driverName: driverName ?? "" });
      case "assigned":
        return t("timeline.kinds.assigned", { driverName: driverName ?? "" });
      case "reassigned":
        return previousDriverName
          ? t("timeline.kinds.reassignedFrom", { driverName: driverName ?? "", previousDriverName })
          : t("timeline.kinds.reassigned", { driverName: driverName ?? "" });
      case "driver_removed":
        return driverName
          ? t("timeline.kinds.driverRemovedNamed", { driverName })
          : t("timeline.kinds.driver_removed");
      case "status_changed":
        return t("timeline.kinds.status_changed", { status });
      case "stop_checked_in":
      case "stop_time_corrected":
      case "detention_proposed":
      case "detention_accepted":
      case "detention_dismissed":
      case "running_late": {
        const d = event.data;
        const checkIn = d.checkIn === "done" ? (d.stopType === "pickup" ? "loaded" : "unloaded") : d.checkIn;
        return t(`timeline.kinds.${event.kind}`, {
          event: checkIn ? t(`checkIn.events.${checkIn}`) : "",
          n: d.stopSequence ?? "",
          name: d.locationName ?? "",
          at: d.at ? formatDateTime(d.at) : "",
          amount: d.amount ? formatMoney(d.amount) : "",
        });
      }
      case "miles_overridden":
        return t("timeline.kinds.miles_overridden", {
          miles: formatNumber(event.data.loadedMiles ?? null, 1),
        });
      default:
        return t(`timeline.kinds.${event.kind}`);
    }
  };
}
