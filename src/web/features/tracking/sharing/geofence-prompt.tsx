import type { GeofencePrompt as Prompt } from "@shared/tracking/tracking.schema";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { describeError } from "../../../lib/api-errors";
import { formatDateTime } from "../../../lib/format";
import { isQueued } from "../../../lib/outbox/outbox";
import { notifyQueued } from "../../../lib/outbox/use-outbox";
import { useStopCheckIn as useCheckIn } from "../../../lib/stop-check-in";
import { notify } from "../../../lib/toast";

/**
 * "You're at <stop> — check in?" when the phone's positions entered the next stop's geofence (or
 * "You left …" when they left it). Check in records the stop's own check-in at the time the phone
 * noticed it and confirms the proposal; "Not yet" leaves it proposed and asks no more on this phone.
 */
export function GeofencePrompt({
  prompt,
  onDone,
  onNotYet,
}: {
  prompt: Prompt;
  onDone: () => void;
  onNotYet: () => void;
}) {
  const { t } = useTranslation("sharing");
  const checkIn = useCheckIn(prompt.loadId);
  const arrived = prompt.kind === "arrived";
  const stop = prompt.locationName;

  const confirm = () =>
    checkIn.mutate(
      { stopId: prompt.stopId, event: prompt.kind, at: prompt.at, geofenceEventId: prompt.eventId },
      {
        onSuccess: (answer) => {
          if (isQueued(answer)) notifyQueued(t);
          else
            notify({
              title: t(arrived ? "prompt.checkedIn" : "prompt.checkedOut", { stop }),
              variant: "success",
            });
          onDone();
        },
        onError: (error) =>
          notify({ title: t("prompt.failed"), description: describeError(error, t), variant: "error" }),
      },
    );

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !checkIn.isPending && onNotYet()}
      title={t(arrived ? "prompt.arrived" : "prompt.departed", { stop })}
      description={t(arrived ? "prompt.arrivedText" : "prompt.departedText", {
        time: formatDateTime(prompt.at),
      })}
      closeLabel={t("common:actions.close")}
      footer={
        <>
          <Button variant="outline" size="lg" onClick={onNotYet} disabled={checkIn.isPending}>
            {t("prompt.notYet")}
          </Button>
          <Button size="lg" onClick={confirm} disabled={checkIn.isPending} data-testid="geofence-check-in">
            {checkIn.isPending ? <Spinner className="text-current" /> : null}
            {t(arrived ? "prompt.checkIn" : "prompt.checkOut")}
          </Button>
        </>
      }
    />
  );
}
