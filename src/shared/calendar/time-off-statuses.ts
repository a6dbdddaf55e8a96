/**
 * Time-off statuses on their own, so a screen that only names them (a load's driver warnings) does
 * not download the time-off forms' schemas (decision 021).
 */
export const TIME_OFF_STATUSES = ["pending", "approved", "denied", "cancelled"] as const;
export type TimeOffStatus = (typeof TIME_OFF_STATUSES)[number];
