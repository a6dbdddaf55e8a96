import { formatMoney } from "./format";

/** How a load or a driver is paid, in the `loads` namespace's words: "25% of the load rate", "$1,200.00 fixed", "$0.65 per mile". */
export function describePay(
  t: (key: string, options?: Record<string, unknown>) => string,
  payType: string,
  payRate: string,
): string {
  if (payType === "percentage") return t("pay.describe.percentage", { rate: Number(payRate) });
  if (payType === "per_mile") return t("pay.describe.per_mile", { rate: formatMoney(payRate) });
  return t("pay.describe.fixed", { rate: formatMoney(payRate) });
}
