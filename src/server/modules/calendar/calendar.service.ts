import type { CalendarEvent, CalendarEvents, calendarQuerySchema } from "@shared/calendar/time-off.schema";
import { and, asc, eq, gte, lt, lte, ne, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { drivers, loads, timeOffRequests } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { ownDriverId, scopeOf } from "../../http/scope";
import { shiftDate } from "./time-off.service";

/** Per kind: a busy month of a large fleet stays one quick answer; the UI says when it is cut. */
export const CALENDAR_EVENT_LIMIT = 1000;

const place = (city: string, state: string) => (state ? `${city}, ${state}` : city);

export function createCalendarService(deps: Deps) {
  const { db } = deps;

  return {
    /**
     * Pickups, deliveries and approved time off between two dates (inclusive). Load times are
     * instants; the range is widened by a day each side so every time zone's days are covered,
     * and the browser places each event on its local day. Drivers see only their own.
     */
    async events(actor: Actor, query: z.infer<typeof calendarQuerySchema>): Promise<CalendarEvents> {
      let driverId = query.driverId;
      if (scopeOf(actor).kind !== "staff") {
        const own = ownDriverId(actor);
        if (!own) return { items: [], truncated: false };
        driverId = own;
      }
      const start = new Date(`${shiftDate(query.from, -1)}T00:00:00Z`);
      const end = new Date(`${shiftDate(query.to, 2)}T00:00:00Z`);

      const loadWhere = (column: typeof loads.pickupAt | typeof loads.deliveryAt): SQL =>
        and(
          gte(column, start),
          lt(column, end),
          ne(loads.status, "cancelled"),
          driverId ? eq(loads.driverId, driverId) : undefined,
        )!;
      const loadColumns = {
        id: loads.id,
        loadNumber: loads.loadNumber,
        pickupAt: loads.pickupAt,
        pickupCity: loads.pickupCity,
        pickupState: loads.pickupState,
        deliveryAt: loads.deliveryAt,
        deliveryCity: loads.deliveryCity,
        deliveryState: loads.deliveryState,
        driverName: drivers.fullName,
      };
      // Two index range scans (pickup_at, delivery_at) rather than one OR over both.
      const [pickups, deliveries, timeOff] = await Promise.all([
        db
          .select(loadColumns)
          .from(loads)
          .leftJoin(drivers, eq(drivers.id, loads.driverId))
          .where(loadWhere(loads.pickupAt))
          .orderBy(asc(loads.pickupAt))
          .limit(CALENDAR_EVENT_LIMIT + 1),
        db
          .select(loadColumns)
          .from(loads)
          .leftJoin(drivers, eq(drivers.id, loads.driverId))
          .where(loadWhere(loads.deliveryAt))
          .orderBy(asc(loads.deliveryAt))
          .limit(CALENDAR_EVENT_LIMIT + 1),
        db
          .select({
            id: timeOffRequests.id,
            startDate: timeOffRequests.startDate,
            endDate: timeOffRequests.endDate,
            driverName: drivers.fullName,
          })
          .from(timeOffRequests)
          .innerJoin(drivers, eq(drivers.id, timeOffRequests.driverId))
          .where(
            and(
              eq(timeOffRequests.status, "approved"),
              lte(timeOffRequests.startDate, query.to),
              gte(timeOffRequests.endDate, query.from),
              driverId ? eq(timeOffRequests.driverId, driverId) : undefined,
            ),
          )
          .orderBy(asc(timeOffRequests.startDate))
          .limit(CALENDAR_EVENT_LIMIT + 1),
      ]);

      const truncated = [pickups, deliveries, timeOff].some((rows) => rows.length > CALENDAR_EVENT_LIMIT);
      const items: CalendarEvent[] = [
        ...pickups.slice(0, CALENDAR_EVENT_LIMIT).map((l) => {
          const city = place(l.pickupCity, l.pickupState);
          return {
            id: `pickup:${l.id}`,
            kind: "pickup" as const,
            title: `${l.loadNumber} · ${city}`,
            start: l.pickupAt.toISOString(),
            end: null,
            allDay: false,
            loadId: l.id,
            loadNumber: l.loadNumber,
            driverName: l.driverName,
            city,
          };
        }),
        ...deliveries.slice(0, CALENDAR_EVENT_LIMIT).map((l) => {
          const city = place(l.deliveryCity, l.deliveryState);
          return {
            id: `delivery:${l.id}`,
            kind: "delivery" as const,
            title: `${l.loadNumber} · ${city}`,
            start: l.deliveryAt.toISOString(),
            end: null,
            allDay: false,
            loadId: l.id,
            loadNumber: l.loadNumber,
            driverName: l.driverName,
            city,
          };
        }),
        ...timeOff.slice(0, CALENDAR_EVENT_LIMIT).map((t) => ({
          id: `time_off:${t.id}`,
          kind: "time_off" as const,
          title: t.driverName,
          start: t.startDate,
          end: t.endDate,
          allDay: true,
          loadId: null,
          loadNumber: null,
          driverName: t.driverName,
          city: null,
        })),
      ];
      items.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
      return { items, truncated };
    },
  };
}
