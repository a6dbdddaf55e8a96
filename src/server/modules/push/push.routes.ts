import { apiErrorSchema } from "@shared/api/api.schema";
import {
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
} from "@shared/push/push.schema";
import type { Deps } from "../../deps";
import { jsonContent } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { PUSH_CHANNEL, sendQueuedPushes } from "../../platform/push/push";
import { createPushService } from "./push.service";

export function pushRoutes(deps: Deps) {
  const service = createPushService(deps);
  // Pushes queued by any instance are sent by this one as soon as it hears of them (the job queue's
  // minute catches the rest); one run at a time here. Off in tests, which run the queue themselves.
  if (deps.config.sendQueuesAtOnce !== false) {
    let running = false;
    let again = false;
    const kick = () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      void sendQueuedPushes(deps)
        .catch((err: unknown) => deps.log.warn("push queue run failed", { error: String(err) }))
        .finally(() => {
          running = false;
          if (again) {
            again = false;
            kick();
          }
        });
    };
    deps.events.listen(PUSH_CHANNEL, kick);
  }
  const t = routeTable({ tags: ["Notifications"], access: "notifications:read" });
  t.list(
    "/api/push/key",
    {
      summary:
        "The server's VAPID public key (RFC 8292), the applicationServerKey a browser subscribes to push with",
      response: pushKeySchema,
      responses: {
        503: jsonContent(
          apiErrorSchema,
          "PUSH_NOT_CONFIGURED: the VAPID key cannot be read (the server secret changed)",
        ),
      },
    },
    () => service.key(),
  );
  t.list(
    "/api/push/subscriptions",
    {
      summary: "The caller's push subscriptions: the devices they turned notifications on in",
      response: pushSubscriptionListSchema,
    },
    ({ actor }) => service.list(actor),
  );
  t.create(
    "/api/push/subscriptions",
    {
      summary:
        "Turn push notifications on for this device: the browser's subscription (endpoint, p256dh, auth); the same endpoint again updates it",
      body: pushSubscriptionInputSchema,
      response: pushSubscriptionSchema,
      conflict: "PUSH_SUBSCRIPTION_LIMIT when the caller already has the most devices allowed",
    },
    ({ actor, body, c }) => service.subscribe(actor, body, c.req.header("user-agent") ?? ""),
  );
  t.remove(
    "/api/push/subscriptions/{id}",
    { summary: "Turn push notifications off for one of the caller's devices (someone else's: 404)" },
    ({ actor, id }) => service.remove(actor, id),
  );
  return t.app;
}
