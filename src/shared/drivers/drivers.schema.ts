/** Driver status (spec section 4): busy and off_duty are set automatically, the rest by staff. */
export const DRIVER_STATUSES = ["available", "on_trip", "off_duty", "unknown", "busy"] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];

/**
 * What staff may set by hand (the driver's `manualStatus`). `busy` is never set by hand: it comes
 * from active loads, as `off_duty` does during approved time off, and both win over the manual one.
 */
export const DRIVER_MANUAL_STATUSES = ["available", "on_trip", "off_duty", "unknown"] as const;
export type DriverManualStatus = (typeof DRIVER_MANUAL_STATUSES)[number];
