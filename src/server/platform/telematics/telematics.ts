import type { TelematicsKind } from "@shared/geo/geo.constants";
import { motive } from "./motive";
import { samsara } from "./samsara";

export { TelematicsError } from "./provider-http";

/**
 * ELD/GPS providers' vehicle locations behind one interface (issue 40, decision 054): the latest fix
 * of every vehicle the company's account holds, polled once a minute by `telematics-poll`. The
 * adapters speak the providers' own HTTP APIs with plain `fetch` (no SDK), are tested against
 * loopback servers speaking the same protocols (`testing/telematics-server.ts`), and never log the key.
 */
export interface VehicleLocation {
  /** The provider's id of the vehicle (matched to `vehicles.telematics_id`). */
  externalId: string;
  /** The vehicle's name at the provider (Samsara `name`, Motive `number`): matched to the unit number. */
  name: string;
  lat: number;
  lon: number;
  /** When the unit took the fix (ISO 8601). */
  at: string;
  speedMph: number | null;
  /** Degrees clockwise from north. */
  heading: number | null;
}

export interface Telematics {
  kind: TelematicsKind;
  vehicleLocations(signal?: AbortSignal): Promise<VehicleLocation[]>;
}

export interface TelematicsOptions {
  /** The provider's API root; empty: its public one. */
  url: string;
  key: string;
  fetch?: typeof fetch;
  /** Per request (a whole poll reads a few pages). */
  timeoutMs?: number;
}

export function telematicsFor(kind: TelematicsKind, options: TelematicsOptions): Telematics {
  return kind === "samsara" ? samsara(options) : motive(options);
}
