/** The database's date, so every "today" (expiry, due, filters) agrees. */
export { companyToday as dbToday } from "../../db/client";

/** Ordinary English labels for exports. */
export const humanize = (code: string) => {
  const s = code.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
};
