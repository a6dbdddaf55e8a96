import type { PayType } from "@shared/loads/loads.schema";
import { loadPay, type PercentageBase } from "@shared/settlements/pay";

/** What a load's pay line needs from the load and its driver. */
export interface LoadForPay {
  id: string;
  loadNumber: string;
  baseRate: string;
  fuelSurcharge: string | null;
  totalRate: string;
  loadedMiles: number | null;
  payType: PayType | null;
  payRate: string | null;
  payFromDriverDefault: boolean;
  driverDefaultPayType: PayType | null;
  driverDefaultPayRate: string | null;
}

export interface LoadLineValues {
  loadId: string;
  description: string;
  amount: string;
  payType: PayType | null;
  payRate: string | null;
  percentageBase: PercentageBase | null;
  baseAmount: string | null;
  miles: string | null;
  fromDriverDefault: boolean;
}

/**
 * The pay line of a load (spec section 5): the load's own pay type and rate; else the driver's
 * default, as the load copied it when it was entered; else the driver's default today. A load with
 * none of these has no pay yet (amount 0, counted as missing: approval waits for it).
 */
export function loadLine(load: LoadForPay, percentageBase: PercentageBase): LoadLineValues {
  const fromLoad = load.payType && load.payRate ? { type: load.payType, rate: load.payRate } : null;
  const fromDriver =
    load.driverDefaultPayType && load.driverDefaultPayRate
      ? { type: load.driverDefaultPayType, rate: load.driverDefaultPayRate }
      : null;
  const chosen = fromLoad ?? fromDriver;
  const fromDriverDefault = fromLoad ? load.payFromDriverDefault : !!fromDriver;
  if (!chosen) {
    return {
      loadId: load.id,
      description: load.loadNumber,
      amount: "0.00",
      payType: null,
      payRate: null,
      percentageBase: null,
      baseAmount: null,
      miles: null,
      fromDriverDefault: false,
    };
  }
  const pay = loadPay({
    payType: chosen.type,
    payRate: chosen.rate,
    baseRate: load.baseRate,
    fuelSurcharge: load.fuelSurcharge,
    total: load.totalRate,
    loadedMiles: load.loadedMiles,
    percentageBase,
  });
  return {
    loadId: load.id,
    description: load.loadNumber,
    amount: pay.amount,
    payType: chosen.type,
    payRate: chosen.rate,
    percentageBase: chosen.type === "percentage" ? percentageBase : null,
    baseAmount: pay.baseAmount,
    miles: pay.miles,
    fromDriverDefault,
  };
}
