/** The company's calendar day of an instant: a fuel stop at 01:30 UTC is the evening before in Chicago. */
export function companyDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}
