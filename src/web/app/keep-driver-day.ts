import type { QueryClient } from "@tanstack/react-query";
import { keepDay } from "../lib/offline-day/keep-day";
import { driverDayPlan } from "./driver-day";

/** Loaded after the first paint (providers.tsx): IndexedDB and the day's plan stay out of every screen's entry. */
export const keepDriverDay = (client: QueryClient) => keepDay(client, driverDayPlan);
