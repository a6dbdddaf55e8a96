/** Driver status (spec section 4): busy and off_duty are set automatically, the rest by staff. */
export const DRIVER_STATUSES = ["available", "on_trip", "off_duty", "unknown", "busy"] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];
