/** `<input type="datetime-local">` speaks the device's local time without an offset; the API wants ISO. */
const pad = (n: number) => String(n).padStart(2, "0");

export function toLocalInput(value: Date | string | null | undefined): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "" stays "" (the field is empty); anything unreadable stays as typed, for the schema to refuse. */
export function localInputToIso(value: string): string {
  if (!value) return "";
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** The device's IANA time zone (statement times without an offset are read in it). */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
