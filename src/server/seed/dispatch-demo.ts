import { randomUUID } from "node:crypto";
import {
  computeDriverPay,
  computeTotalRate,
  type EquipmentType,
  type LoadStatus,
  type PayType,
  type StopType,
} from "@shared/loads/loads.schema";
import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import {
  assetAssignments,
  customers,
  drivers,
  loadInterests,
  loadJurisdictionMiles,
  loadStatusEvents,
  loadStops,
  loads,
  locations,
  savedViews,
  timeOffRequests,
  trailers,
  users,
  vehicles,
} from "../db/schema";
import { recomputeDriverStatuses } from "../modules/drivers/driver-status";
import { placeOneLine } from "../platform/geo/place-rows";
import { timeZoneAt } from "../platform/geo/time-zone";

/*
 * A living dispatch office as of "now": trucks and trailers on assignment, six drivers (the two demo
 * accounts and four without sign-in), six shippers, and ~40 loads from two months of history to two
 * weeks ahead, each with its stops and status timeline. Dates are relative, so the demo never looks
 * stale. Everything is inserted in a handful of multi-row statements.
 */

interface Place {
  locationName: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  contactName: string;
  contactPhone: string;
}

// biome-ignore format: one place per line reads as a table
const PLACES = {
  mkeGlf: place("Great Lakes Foods Distribution Center", "5600 W Mill Rd", "Milwaukee", "WI", "53218", "Karen Novak", "+1 414 555 0121"),
  chiMidway: place("Midway Cold Storage", "4400 S Kildare Ave", "Chicago", "IL", "60632", "Luis Ramirez", "+1 773 555 0148"),
  indCrossroads: place("Crossroads Grocery Warehouse", "7101 W 21st St", "Indianapolis", "IN", "46214", "Beth Harmon", "+1 317 555 0135"),
  mspNorthStar: place("North Star Foods DC", "2800 Broadway St NE", "Minneapolis", "MN", "55413", "Erik Lindqvist", "+1 612 555 0152"),
  colBuckeye: place("Buckeye Fulfillment Center", "3500 Alum Creek Dr", "Columbus", "OH", "43207", "Denise Carter", "+1 614 555 0177"),
  kcPrairie: place("Prairie Steel Supply Yard", "1500 Guinotte Ave", "Kansas City", "MO", "64120", "Ray Hollis", "+1 816 555 0171"),
  stlGateway: place("Gateway Metals Service Center", "3900 N Broadway", "St. Louis", "MO", "63147", "Andre Wallace", "+1 314 555 0126"),
  omaStructural: place("Omaha Structural Fabricators", "4500 S 36th St", "Omaha", "NE", "68107", "Greg Novotny", "+1 402 555 0163"),
  dalSteel: place("DFW Steel Service Center", "2400 Irving Blvd", "Dallas", "TX", "75207", "Hector Salinas", "+1 214 555 0189"),
  tulFab: place("Green Country Fabrication", "5200 S 49th W Ave", "Tulsa", "OK", "74107", "Jolene Price", "+1 918 555 0114"),
  gbMill: place("Midwest Paper & Packaging Mill", "1919 S Broadway", "Green Bay", "WI", "54304", "Paul Vandenberg", "+1 920 555 0138"),
  appFox: place("Fox River Converting", "2100 E Northland Ave", "Appleton", "WI", "54911", "Kim Schultz", "+1 920 555 0192"),
  chiLakeshore: place("Lakeshore Packaging Supply", "6500 W 65th St", "Bedford Park", "IL", "60638", "Tony Russo", "+1 708 555 0157"),
  detMotor: place("Motor City Fulfillment", "12000 Mound Rd", "Detroit", "MI", "48212", "Shawna Reed", "+1 313 555 0145"),
  dalLoneStar: place("Lone Star Building Products", "3300 Singleton Blvd", "Dallas", "TX", "75212", "Cody Marshall", "+1 214 555 0166"),
  memMidSouth: place("Mid-South Cross-Dock", "3400 Democrat Rd", "Memphis", "TN", "38118", "Latoya Freeman", "+1 901 555 0131"),
  atlRoofing: place("Southern Roofing Supply", "1500 Southside Industrial Pkwy SE", "Atlanta", "GA", "30354", "Will Cooper", "+1 404 555 0119"),
  denRmb: place("Rocky Mountain Beverage Co. Brewery", "4700 Holly St", "Denver", "CO", "80216", "Megan Ortiz", "+1 303 555 0182"),
  omaHeartland: place("Heartland Beverage Distributors", "9800 J St", "Omaha", "NE", "68127", "Brian Kessler", "+1 402 555 0174"),
  kcCrown: place("Crown Beverage Wholesale", "8200 NE Underground Dr", "Kansas City", "MO", "64161", "Nina Patel", "+1 816 555 0158"),
  atlPeachtree: place("Peachtree Home Goods DC", "1000 Peachtree Industrial Blvd", "Suwanee", "GA", "30024", "Jasmine Greene", "+1 770 555 0141"),
  nashStore: place("Music City Home Store", "1800 Antioch Pike", "Nashville", "TN", "37211", "Derek Howell", "+1 615 555 0127"),
  louBluegrass: place("Bluegrass Distribution", "4300 Produce Rd", "Louisville", "KY", "40218", "Amy Whitfield", "+1 502 555 0169"),
} satisfies Record<string, Place>;
type PlaceKey = keyof typeof PLACES;

/**
 * Where each place is, at street level (issue 40): placed by hand from the street address (source
 * `manual`, precision `street`), each with its time zone from geo-tz — the demo's stops show "08:00
 * CDT" in their own zone and give the map, the miles and the ETAs real points.
 */
// biome-ignore format: one place per line reads as a table
const PLACE_POINTS: Record<PlaceKey, [number, number]> = {
  mkeGlf: [43.1187, -87.986], chiMidway: [41.8127, -87.7305], indCrossroads: [39.7946, -86.2667],
  mspNorthStar: [45.0036, -93.227], colBuckeye: [39.9007, -82.955], kcPrairie: [39.1195, -94.5591],
  stlGateway: [38.6725, -90.196], omaStructural: [41.2146, -95.9705], dalSteel: [32.7975, -96.839],
  tulFab: [36.093, -96.049], gbMill: [44.4922, -88.0433], appFox: [44.292, -88.379],
  chiLakeshore: [41.7735, -87.785], detMotor: [42.415, -83.047], dalLoneStar: [32.783, -96.895],
  memMidSouth: [35.06, -89.97], atlRoofing: [33.654, -84.39], denRmb: [39.78, -104.922],
  omaHeartland: [41.204, -96.07], kcCrown: [39.164, -94.478], atlPeachtree: [34.049, -84.067],
  nashStore: [36.085, -86.718], louBluegrass: [38.188, -85.698],
};
/** Computed once per place: each place's zone is looked up once, however many stops use it. */
const placed = (() => {
  const cache = new Map<PlaceKey, ReturnType<typeof pointOf>>();
  return (key: PlaceKey) => {
    const hit = cache.get(key) ?? pointOf(key);
    cache.set(key, hit);
    return hit;
  };
})();
function pointOf(key: PlaceKey) {
  const [latitude, longitude] = PLACE_POINTS[key];
  return {
    latitude,
    longitude,
    geoPrecision: "street" as const,
    geoSource: "manual" as const,
    geoStatus: "placed" as const,
    timeZone: timeZoneAt(latitude, longitude),
    geocodedAt: new Date(),
  };
}

/** Equipment, commodity, a reefer's range and the pallet count, read from the lane's description. */
function freightOf(lane: Lane) {
  const d = lane.description;
  const reefer = /reefer|frozen|refrigerated/i.test(d);
  const equipmentType: EquipmentType = reefer
    ? "reefer"
    : /steel|coil|rebar|roofing|lumber|shingle/i.test(d)
      ? "flatbed"
      : "dry_van";
  const temp = reefer ? Number(/(-?\d+)°F/.exec(d)?.[1] ?? 34) : null;
  const pallets = /(\d+) pallets/.exec(d);
  return {
    equipmentType,
    commodity: d.split(/[,.:]/)[0].trim(),
    tempMinF: temp === null ? null : temp - 2,
    tempMaxF: temp === null ? null : temp + 2,
    palletCount: pallets ? Number(pallets[1]) : null,
  };
}

const MINUTE = 60_000;
/** The minutes past the free time that a detention charge at the demo's $75 an hour stands for. */
const minutesOver = (amount: string) => Math.round((Number(amount) / 75) * 60);
/**
 * A stop's check-ins in the demo: delivered loads checked in everywhere (a load billed detention
 * waited that long at its last stop; one waited at the receiver and staff have yet to decide on the
 * detention its departure proposed); a load on the road has left the stops behind it. Marcus's
 * current load waited 2 h 40 at its pickup: staff see 40 minutes of detention proposed.
 */
function demoCheckIns(p: PlannedLoad, s: number, last: number, at: Date, now: Date) {
  const none = { arrivedAt: null, doneAt: null, departedAt: null };
  const times = (arrive: number, done: number, depart: number) => ({
    arrivedAt: new Date(at.getTime() + arrive * MINUTE),
    doneAt: new Date(at.getTime() + done * MINUTE),
    departedAt: new Date(at.getTime() + depart * MINUTE),
  });
  if (p.status === "completed") {
    if (s === last && p.receiverDetention) {
      const over = minutesOver(p.receiverDetention);
      return {
        ...times(-5, 95 + over, 120 + over),
        detentionMinutes: over,
        detentionAmount: p.receiverDetention,
        detentionStatus: "proposed" as const,
      };
    }
    if (s !== last || !p.detention) return times(-15, 55, 75);
    // Detention billed at $75 an hour past two free hours.
    const over = minutesOver(p.detention);
    return {
      ...times(-10, 100 + over, 120 + over),
      detentionMinutes: over,
      detentionAmount: p.detention,
      detentionStatus: "accepted" as const,
    };
  }
  if (p.status !== "in_progress") return none;
  // First come, first served counts from the arrival: 2 h 40 at the dock, 40 minutes past two free hours.
  if (p.lane === "psKcTul" && s === 0)
    return {
      ...times(-15, 120, 145),
      detentionMinutes: 40,
      detentionAmount: "50.00",
      detentionStatus: "proposed" as const,
    };
  const left = times(-10, 50, 70);
  if (left.departedAt.getTime() < now.getTime()) return left;
  return left.arrivedAt.getTime() < now.getTime() ? { ...none, arrivedAt: left.arrivedAt } : none;
}

function place(
  locationName: string,
  address: string,
  city: string,
  state: string,
  postalCode: string,
  contactName: string,
  contactPhone: string,
): Place {
  return { locationName, address, city, state, postalCode, contactName, contactPhone };
}

const DEMO_CUSTOMERS = {
  greatLakes: {
    email: "customer@demo.test",
    address: "5600 W Mill Rd, Milwaukee, WI 53218",
  },
  prairieSteel: {
    email: "customer2@demo.test",
    address: "1500 Guinotte Ave, Kansas City, MO 64120",
  },
} as const;

const EXTRA_CUSTOMERS = {
  midwestPaper: {
    name: "Paul Vandenberg",
    companyName: "Midwest Paper & Packaging Co.",
    email: "shipping@midwestpaperpack.test",
    phone: "+1 920 555 0130",
    address: "1919 S Broadway, Green Bay, WI 54304",
  },
  loneStar: {
    name: "Cody Marshall",
    companyName: "Lone Star Building Products",
    email: "dispatch@lonestarbp.test",
    phone: "+1 214 555 0160",
    address: "3300 Singleton Blvd, Dallas, TX 75212",
  },
  rockyMountain: {
    name: "Megan Ortiz",
    companyName: "Rocky Mountain Beverage Co.",
    email: "logistics@rmbev.test",
    phone: "+1 303 555 0180",
    address: "4700 Holly St, Denver, CO 80216",
  },
  peachtree: {
    name: "Jasmine Greene",
    companyName: "Peachtree Home Goods",
    email: "transport@peachtreehome.test",
    phone: "+1 770 555 0140",
    address: "1000 Peachtree Industrial Blvd, Suwanee, GA 30024",
  },
  hoosier: {
    name: "Grant Whitaker",
    companyName: "Hoosier Farm Supply",
    email: "orders@hoosierfarm.test",
    phone: "+1 765 555 0118",
    address: "2400 N Granville Ave, Muncie, IN 47303",
  },
} as const;
type CustomerKey = keyof typeof DEMO_CUSTOMERS | keyof typeof EXTRA_CUSTOMERS;

// biome-ignore format: one vehicle per line reads as a table
const VEHICLES = [
  { unitNumber: "101", make: "Freightliner", model: "Cascadia 126", year: 2022, plateNumber: "P1042871", plateState: "IL", vin: "3AKJHHDR6NSNA1041" },
  { unitNumber: "102", make: "Kenworth", model: "T680", year: 2021, plateNumber: "P1042872", plateState: "IL", vin: "1XKYD49X0MJ441022" },
  { unitNumber: "103", make: "Peterbilt", model: "579", year: 2023, plateNumber: "P1042873", plateState: "IL", vin: "1XPBD49X3PD790313" },
  { unitNumber: "104", make: "Volvo", model: "VNL 760", year: 2022, plateNumber: "P1042874", plateState: "IL", vin: "4V4NC9EH5NN291104" },
  { unitNumber: "105", make: "International", model: "LT625", year: 2020, plateNumber: "P1042875", plateState: "IL", vin: "3HSDZAPR4LN610505" },
  { unitNumber: "106", make: "Mack", model: "Anthem 64T", year: 2021, plateNumber: "P1042876", plateState: "IL", vin: "1M1AN4GY9MM021606", status: "in_maintenance" as const },
];

const TRAILERS = [
  { identifier: "T-201", type: "dry_van", size: "53 ft", vin: "1JJV532D8KL119201" },
  { identifier: "T-202", type: "reefer", size: "53 ft", vin: "1UYVS2538LU772202" },
  { identifier: "T-203", type: "flatbed", size: "48 ft", vin: "13N148202N1530203" },
  { identifier: "T-204", type: "dry_van", size: "53 ft", vin: "1GRAA0621KW110204" },
  { identifier: "T-205", type: "reefer", size: "53 ft", vin: "1UYVS2535MU780205" },
  { identifier: "C-301", type: "container", size: "40 ft", vin: null },
];

type DriverKey = "jake" | "rosa" | "marcus" | "daniel" | "tyrone" | "emily";

/** Default pay on every driver, so an empty driver pay on a load always has a fallback. */
const DRIVER_PAY: Record<DriverKey, { type: PayType; rate: string }> = {
  jake: { type: "per_mile", rate: "0.65" },
  // An owner-operator with her own truck: most of the line haul is hers (decision 025 settles it).
  rosa: { type: "percentage", rate: "78.00" },
  marcus: { type: "percentage", rate: "28.00" },
  daniel: { type: "per_mile", rate: "0.60" },
  tyrone: { type: "fixed", rate: "850.00" },
  emily: { type: "per_mile", rate: "0.58" },
};

const EXTRA_DRIVERS: Record<
  Exclude<DriverKey, "jake" | "rosa">,
  { fullName: string; phone: string; email: string }
> = {
  marcus: { fullName: "Marcus Johnson", phone: "+1 312 555 0193", email: "marcus.johnson@drivers.test" },
  daniel: { fullName: "Daniel Kim", phone: "+1 630 555 0176", email: "daniel.kim@drivers.test" },
  tyrone: { fullName: "Tyrone Brooks", phone: "+1 708 555 0124", email: "tyrone.brooks@drivers.test" },
  emily: { fullName: "Emily Sanders", phone: "+1 815 555 0159", email: "emily.sanders@drivers.test" },
};

/** Who drives what today (vehicle unit, trailer id); Emily is on leave and 106 is in the shop. */
const OPEN_ASSIGNMENTS: Array<[DriverKey, string, string]> = [
  ["jake", "101", "T-202"],
  ["rosa", "102", "T-201"],
  ["marcus", "103", "T-203"],
  ["daniel", "104", "T-204"],
  ["tyrone", "105", "T-205"],
];

interface Lane {
  customer: CustomerKey;
  /** Stop type, place, hours after the first pickup. */
  stops: Array<[StopType, PlaceKey, number]>;
  /** The practical route's loaded miles (what a routing guide gives for the stops in order). */
  miles: number;
  /**
   * The same route's miles per state or province, in the order the truck crosses them: what the
   * driver's trip sheet records for IFTA. Estimated by hand from each highway's mileposts between
   * the state lines plus the city streets to the interstate (a demo's approximation, not a routing
   * engine's answer), in tenths that add up to `miles` exactly; the comment above each names the
   * highways. The seed records them on the delivered loads.
   */
  route: Array<[state: string, miles: number]>;
  description: string;
  weightLbs: number;
  baseRate: string;
  lumperFee?: string;
  otherCharges?: string;
}

const LANES = {
  glfChi: {
    customer: "greatLakes",
    stops: [
      ["pickup", "mkeGlf", 0],
      ["delivery", "chiMidway", 4],
    ],
    miles: 92,
    // I-41/I-894 and I-94 to the Illinois line; the Tri-State and I-55 to Midway.
    route: [
      ["WI", 40.3],
      ["IL", 51.7],
    ],
    description: "Refrigerated dairy and frozen vegetables, 22 pallets. Reefer at 34°F.",
    weightLbs: 38200,
    baseRate: "725.00",
    lumperFee: "85.00",
  },
  glfMkeInd: {
    customer: "greatLakes",
    stops: [
      ["pickup", "mkeGlf", 0],
      ["delivery", "indCrossroads", 8],
    ],
    miles: 272,
    // I-94 to the line; the Tri-State and the Borman (I-80/94) to Indiana; I-65 south to Indianapolis.
    route: [
      ["WI", 40.3],
      ["IL", 70.6],
      ["IN", 161.1],
    ],
    description: "Dry grocery and canned goods, 26 pallets. No double-stacking.",
    weightLbs: 41500,
    baseRate: "1150.00",
    lumperFee: "125.00",
  },
  glfMkeMsp: {
    customer: "greatLakes",
    stops: [
      ["pickup", "mkeGlf", 0],
      ["delivery", "mspNorthStar", 9],
    ],
    miles: 337,
    // I-94 west through Madison and Eau Claire; the St. Croix at Hudson; St. Paul to Minneapolis.
    route: [
      ["WI", 311.8],
      ["MN", 25.2],
    ],
    description: "Frozen foods, 24 pallets. Continuous reefer at -10°F.",
    weightLbs: 39800,
    baseRate: "1325.00",
    lumperFee: "150.00",
  },
  glfMkeChiCol: {
    customer: "greatLakes",
    stops: [
      ["pickup", "mkeGlf", 0],
      ["delivery", "chiMidway", 4],
      ["delivery", "colBuckeye", 30],
    ],
    miles: 448,
    // Milwaukee to Midway as glfChi; the Dan Ryan and the Borman to Indiana; I-65 to Indianapolis; I-70 east to Columbus.
    route: [
      ["WI", 40.3],
      ["IL", 77.1],
      ["IN", 225.4],
      ["OH", 105.2],
    ],
    description: "Mixed refrigerated grocery: 10 pallets drop in Chicago, 14 to Columbus. Reefer at 36°F.",
    weightLbs: 36400,
    baseRate: "1750.00",
    lumperFee: "150.00",
    otherCharges: "75.00",
  },
  psKcStl: {
    customer: "prairieSteel",
    stops: [
      ["pickup", "kcPrairie", 0],
      ["delivery", "stlGateway", 6],
    ],
    miles: 248,
    // I-70 across Missouri.
    route: [["MO", 248.0]],
    description: "Hot-rolled steel coils, 4 coils on racks, chained.",
    weightLbs: 44000,
    baseRate: "975.00",
  },
  psKcOma: {
    customer: "prairieSteel",
    stops: [
      ["pickup", "kcPrairie", 0],
      ["delivery", "omaStructural", 5],
    ],
    miles: 186,
    // I-29 north through St. Joseph; Iowa to Council Bluffs; I-80 over the Missouri into Omaha.
    route: [
      ["MO", 127.2],
      ["IA", 54.1],
      ["NE", 4.7],
    ],
    description: "Structural beams (W8x31), 40 ft lengths, tarped.",
    weightLbs: 42600,
    baseRate: "850.00",
    otherCharges: "100.00",
  },
  psKcDal: {
    customer: "prairieSteel",
    stops: [
      ["pickup", "kcPrairie", 0],
      ["delivery", "dalSteel", 26],
    ],
    miles: 506,
    // US-69 south through Kansas; I-44 to Tulsa; US-75 and US-69 to the Red River; US-75 into Dallas.
    route: [
      ["MO", 5.4],
      ["KS", 149.3],
      ["OK", 271.9],
      ["TX", 79.4],
    ],
    description: "Rebar bundles, #5 and #6, 20 ft. Tarp required.",
    weightLbs: 43800,
    baseRate: "1650.00",
    otherCharges: "100.00",
  },
  psKcTul: {
    customer: "prairieSteel",
    stops: [
      ["pickup", "kcPrairie", 0],
      ["delivery", "tulFab", 6],
    ],
    miles: 248,
    // US-69 south through Fort Scott and Pittsburg; Oklahoma to Big Cabin; I-44 to Tulsa.
    route: [
      ["MO", 5.4],
      ["KS", 149.3],
      ["OK", 93.3],
    ],
    description: "Steel plate, 12 pieces, 3/8 in. x 8 ft x 20 ft.",
    weightLbs: 40100,
    baseRate: "950.00",
    otherCharges: "100.00",
  },
  mppGbChi: {
    customer: "midwestPaper",
    stops: [
      ["pickup", "gbMill", 0],
      ["delivery", "chiLakeshore", 5],
    ],
    miles: 207,
    // I-43 to Milwaukee; I-94 to the line; the Tri-State to Bedford Park.
    route: [
      ["WI", 159.4],
      ["IL", 47.6],
    ],
    description: "Corrugated boxes, 30 pallets, shrink-wrapped.",
    weightLbs: 22800,
    baseRate: "900.00",
  },
  mppGbDet: {
    customer: "midwestPaper",
    stops: [
      ["pickup", "gbMill", 0],
      ["pickup", "appFox", 2],
      ["delivery", "detMotor", 24],
    ],
    miles: 498,
    // I-41 to Appleton and on to Milwaukee; around Lake Michigan through Chicago (I-94, I-80/94); I-94 across Michigan to Detroit.
    route: [
      ["WI", 166.9],
      ["IL", 64.8],
      ["IN", 45.7],
      ["MI", 220.6],
    ],
    description: "Paper rolls from two mills: 8 rolls in Green Bay, 6 in Appleton. Load on end.",
    weightLbs: 42000,
    baseRate: "1575.00",
    otherCharges: "75.00",
  },
  lsDalMem: {
    customer: "loneStar",
    stops: [
      ["pickup", "dalLoneStar", 0],
      ["delivery", "memMidSouth", 22],
    ],
    miles: 452,
    // I-30 to Texarkana and Little Rock; I-40 to West Memphis and over the river.
    route: [
      ["TX", 180.4],
      ["AR", 264.5],
      ["TN", 7.1],
    ],
    description: "Architectural roofing shingles, 22 pallets.",
    weightLbs: 43200,
    baseRate: "1450.00",
  },
  lsDalAtl: {
    customer: "loneStar",
    stops: [
      ["pickup", "dalLoneStar", 0],
      ["delivery", "atlRoofing", 32],
    ],
    miles: 781,
    // I-20 through Shreveport, Jackson and Birmingham to Atlanta.
    route: [
      ["TX", 168.8],
      ["LA", 189.9],
      ["MS", 154.6],
      ["AL", 214.7],
      ["GA", 53.0],
    ],
    description: "Roofing underlayment and drip edge, 24 pallets.",
    weightLbs: 38900,
    baseRate: "2350.00",
  },
  rmbDenOma: {
    customer: "rockyMountain",
    stops: [
      ["pickup", "denRmb", 0],
      ["delivery", "omaHeartland", 24],
    ],
    miles: 540,
    // I-76 to Julesburg; I-80 across Nebraska to Omaha.
    route: [
      ["CO", 183.5],
      ["NE", 356.5],
    ],
    description: "Canned craft beer, 20 pallets. Keep above 35°F.",
    weightLbs: 40600,
    baseRate: "1600.00",
    lumperFee: "95.00",
  },
  rmbDenKc: {
    customer: "rockyMountain",
    stops: [
      ["pickup", "denRmb", 0],
      ["delivery", "kcCrown", 26],
    ],
    miles: 604,
    // I-70 across Kansas; I-435 north of the river to the Underground.
    route: [
      ["CO", 170.2],
      ["KS", 419.6],
      ["MO", 14.2],
    ],
    description: "Canned beverages and kegs, 18 pallets.",
    weightLbs: 41200,
    baseRate: "1750.00",
    lumperFee: "95.00",
  },
  phgAtlNashLou: {
    customer: "peachtree",
    stops: [
      ["pickup", "atlPeachtree", 0],
      ["delivery", "nashStore", 6],
      ["delivery", "louBluegrass", 10],
    ],
    miles: 425,
    // I-75 to Chattanooga; I-24 (four miles of it in Georgia) to Nashville; I-65 north to Louisville.
    route: [
      ["GA", 124.1],
      ["TN", 171.4],
      ["KY", 129.5],
    ],
    description: "Furniture and home goods, floor-loaded: 2 stops, Nashville first.",
    weightLbs: 18600,
    baseRate: "1550.00",
    otherCharges: "75.00",
  },
} satisfies Record<string, Lane>;
type LaneKey = keyof typeof LANES;

interface PlannedLoad {
  lane: LaneKey;
  /** Pickup: day from today (UTC) at an hour, or hours from now (loads on the road right now). */
  day?: number;
  hour?: number;
  hoursFromNow?: number;
  status: LoadStatus;
  driver?: DriverKey;
  /** The driver accepted (assigned loads). */
  accepted?: boolean;
  posted?: boolean;
  detention?: string;
  /** Detention the last departure proposed (issue 38), not yet accepted onto the charges. */
  receiverDetention?: string;
  pay?: { type: PayType; rate: string };
  /** Status the load was cancelled from, and why. */
  cancelled?: { from: LoadStatus; note: string };
  notes?: string;
  interested?: DriverKey[];
}

const PLAN: PlannedLoad[] = [
  // Two months of delivered history.
  { lane: "glfChi", day: -58, hour: 12, status: "completed", driver: "jake" },
  { lane: "psKcStl", day: -57, hour: 13, status: "completed", driver: "rosa" },
  { lane: "mppGbChi", day: -55, hour: 11, status: "completed", driver: "marcus" },
  { lane: "lsDalMem", day: -54, hour: 14, status: "completed", driver: "daniel" },
  { lane: "glfMkeMsp", day: -52, hour: 11, status: "completed", driver: "jake" },
  { lane: "rmbDenOma", day: -51, hour: 15, status: "completed", driver: "tyrone" },
  { lane: "psKcTul", day: -49, hour: 13, status: "completed", driver: "marcus" },
  { lane: "phgAtlNashLou", day: -47, hour: 12, status: "completed", driver: "emily" },
  { lane: "glfMkeInd", day: -45, hour: 11, status: "completed", driver: "rosa" },
  { lane: "psKcOma", day: -43, hour: 14, status: "completed", driver: "jake" },
  { lane: "mppGbDet", day: -41, hour: 12, status: "completed", driver: "daniel", detention: "150.00" },
  { lane: "lsDalAtl", day: -39, hour: 13, status: "completed", driver: "tyrone" },
  { lane: "glfMkeChiCol", day: -37, hour: 11, status: "completed", driver: "jake" },
  { lane: "psKcDal", day: -35, hour: 13, status: "completed", driver: "rosa" },
  { lane: "rmbDenKc", day: -33, hour: 14, status: "completed", driver: "emily" },
  { lane: "glfChi", day: -31, hour: 12, status: "completed", driver: "marcus", detention: "112.50" },
  { lane: "psKcStl", day: -28, hour: 13, status: "completed", driver: "jake" },
  { lane: "mppGbChi", day: -26, hour: 11, status: "completed", driver: "rosa" },
  { lane: "lsDalMem", day: -24, hour: 14, status: "completed", driver: "daniel" },
  { lane: "glfMkeInd", day: -21, hour: 11, status: "completed", driver: "jake" },
  { lane: "psKcTul", day: -19, hour: 13, status: "completed", driver: "tyrone" },
  { lane: "glfMkeMsp", day: -16, hour: 12, status: "completed", driver: "rosa" },
  {
    lane: "psKcOma",
    day: -13,
    hour: 14,
    status: "completed",
    driver: "jake",
    pay: { type: "fixed", rate: "700.00" },
    notes: "Flat pay agreed for the weekend run.",
  },
  { lane: "phgAtlNashLou", day: -11, hour: 12, status: "completed", driver: "daniel" },
  { lane: "glfChi", day: -8, hour: 12, status: "completed", driver: "emily", receiverDetention: "62.50" },
  { lane: "psKcStl", day: -5, hour: 13, status: "completed", driver: "rosa", detention: "75.00" },
  { lane: "glfMkeInd", day: -3, hour: 11, status: "completed", driver: "jake" },
  // Called off.
  {
    lane: "lsDalAtl",
    day: -20,
    hour: 13,
    status: "cancelled",
    cancelled: { from: "pending", note: "Customer moved the order to rail." },
  },
  {
    lane: "rmbDenOma",
    day: -6,
    hour: 15,
    status: "cancelled",
    driver: "marcus",
    cancelled: { from: "assigned", note: "Shipper closed for inventory; load cancelled." },
  },
  // On the road and about to go.
  { lane: "glfMkeChiCol", hoursFromNow: -6, status: "in_progress", driver: "jake" },
  { lane: "psKcTul", hoursFromNow: -3, status: "in_progress", driver: "marcus" },
  { lane: "psKcDal", day: 1, hour: 13, status: "assigned", driver: "rosa", accepted: false },
  { lane: "mppGbDet", day: 1, hour: 12, status: "assigned", driver: "daniel", accepted: true },
  { lane: "glfMkeMsp", day: 3, hour: 11, status: "assigned", driver: "jake", accepted: true },
  // Waiting for a driver; four are on the load board.
  { lane: "lsDalMem", day: 2, hour: 14, status: "pending", posted: true, interested: ["jake", "marcus"] },
  { lane: "rmbDenKc", day: 4, hour: 15, status: "pending", posted: true, interested: ["rosa"] },
  { lane: "psKcStl", day: 5, hour: 13, status: "pending", posted: true },
  { lane: "glfMkeInd", day: 7, hour: 11, status: "pending", posted: true },
  { lane: "phgAtlNashLou", day: 9, hour: 12, status: "pending" },
  {
    lane: "mppGbChi",
    day: 13,
    hour: 11,
    status: "pending",
    notes: "Appointment to be confirmed by the mill.",
  },
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The demo's dispatch data; runs inside the demo seed's transaction, after the accounts exist. */
export async function seedDispatchDemo(tx: Tx, now = new Date()): Promise<void> {
  const [already] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(eq(vehicles.unitNumber, VEHICLES[0].unitNumber));
  if (already) return;

  const staff = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.email, ["dispatcher@demo.test", "manager@demo.test"]));
  const dispatcher = staff.find((u) => u.email === "dispatcher@demo.test") ?? null;
  const manager = staff.find((u) => u.email === "manager@demo.test") ?? null;

  // Drivers: the two demo accounts, then four without sign-in.
  const accountDrivers = await tx
    .select({ id: drivers.id, userId: drivers.userId, email: users.email, name: drivers.fullName })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(inArray(users.email, ["driver@demo.test", "driver2@demo.test"]));
  const driverIds = {} as Record<DriverKey, { id: string; userId: string | null; name: string }>;
  for (const d of accountDrivers) {
    driverIds[d.email === "driver@demo.test" ? "jake" : "rosa"] = {
      id: d.id,
      userId: d.userId,
      name: d.name,
    };
  }
  if (!driverIds.jake || !driverIds.rosa) return; // the demo accounts were not created: nothing to hang loads on
  for (const key of ["jake", "rosa"] as const) {
    await tx
      .update(drivers)
      .set({ defaultPayType: DRIVER_PAY[key].type, defaultPayRate: DRIVER_PAY[key].rate })
      .where(eq(drivers.id, driverIds[key].id));
  }
  const extraKeys = Object.keys(EXTRA_DRIVERS) as Array<keyof typeof EXTRA_DRIVERS>;
  const extraRows = await tx
    .insert(drivers)
    .values(
      extraKeys.map((k) => ({
        ...EXTRA_DRIVERS[k],
        defaultPayType: DRIVER_PAY[k].type,
        defaultPayRate: DRIVER_PAY[k].rate,
      })),
    )
    .returning({ id: drivers.id, fullName: drivers.fullName });
  extraKeys.forEach((k, i) => {
    driverIds[k] = { id: extraRows[i].id, userId: null, name: extraRows[i].fullName };
  });

  // Customers: the two demo companies get their addresses; five more without portal accounts.
  const demoCustomerRows = await tx
    .select({ id: customers.id, email: users.email })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .where(inArray(users.email, [DEMO_CUSTOMERS.greatLakes.email, DEMO_CUSTOMERS.prairieSteel.email]));
  const customerIds = {} as Record<CustomerKey, string | null>;
  for (const key of ["greatLakes", "prairieSteel"] as const) {
    const row = demoCustomerRows.find((c) => c.email === DEMO_CUSTOMERS[key].email);
    customerIds[key] = row?.id ?? null;
    if (row) {
      await tx
        .update(customers)
        .set({
          address: DEMO_CUSTOMERS[key].address,
          ...(await placeOneLine(tx, DEMO_CUSTOMERS[key].address)),
        })
        .where(eq(customers.id, row.id));
    }
  }
  const extraCustomerKeys = Object.keys(EXTRA_CUSTOMERS) as Array<keyof typeof EXTRA_CUSTOMERS>;
  const extraCustomerRows = await tx
    .insert(customers)
    .values(await placedInTurn(tx, extraCustomerKeys))
    .returning({ id: customers.id });
  extraCustomerKeys.forEach((k, i) => {
    customerIds[k] = extraCustomerRows[i].id;
  });

  // Fleet and who drives what.
  const vehicleRows = await tx
    .insert(vehicles)
    .values(VEHICLES)
    .returning({ id: vehicles.id, unitNumber: vehicles.unitNumber });
  const trailerRows = await tx
    .insert(trailers)
    .values(TRAILERS)
    .returning({ id: trailers.id, identifier: trailers.identifier });
  const vehicleId = (unit: string) => vehicleRows.find((v) => v.unitNumber === unit)?.id ?? null;
  const trailerId = (ident: string) => trailerRows.find((t) => t.identifier === ident)?.id ?? null;
  const equipment = new Map<DriverKey, { vehicleId: string | null; trailerId: string | null }>();
  for (const [driver, unit, trailer] of OPEN_ASSIGNMENTS) {
    equipment.set(driver, { vehicleId: vehicleId(unit), trailerId: trailerId(trailer) });
  }
  await tx.insert(assetAssignments).values([
    ...OPEN_ASSIGNMENTS.map(([driver, unit, trailer], i) => ({
      driverId: driverIds[driver].id,
      vehicleId: vehicleId(unit),
      trailerId: trailerId(trailer),
      startedAt: new Date(now.getTime() - (90 - i * 7) * DAY),
      createdBy: dispatcher?.id ?? null,
    })),
    {
      driverId: driverIds.emily.id,
      vehicleId: vehicleId("106"),
      trailerId: trailerId("C-301"),
      startedAt: new Date(now.getTime() - 75 * DAY),
      endedAt: new Date(now.getTime() - 4 * DAY),
      notes: "Unit 106 to the shop for an EGR repair while Emily is on leave.",
      createdBy: dispatcher?.id ?? null,
    },
  ]);

  // The address book: every place of the lanes, linked to the customer whose lanes start there.
  const placeKeys = Object.keys(PLACES) as PlaceKey[];
  const shipperOf = (key: PlaceKey) =>
    (Object.values(LANES) as Lane[]).find((l) => l.stops[0][1] === key)?.customer;
  const locationRows = await tx
    .insert(locations)
    .values(
      placeKeys.map((key) => {
        const { locationName, ...rest } = PLACES[key];
        const shipper = shipperOf(key);
        return {
          name: locationName,
          ...rest,
          ...placed(key),
          customerId: shipper ? customerIds[shipper] : null,
          hours: shipper ? "Mon–Fri 06:00–18:00, Sat 07:00–12:00" : "Mon–Fri 05:00–15:00 by appointment",
          notes: shipper ? "Check in at the guard shack; have the pickup number ready." : "",
          createdBy: dispatcher?.id ?? null,
        };
      }),
    )
    .returning({ id: locations.id });
  const locationIds = Object.fromEntries(placeKeys.map((k, i) => [k, locationRows[i].id])) as Record<
    PlaceKey,
    string
  >;

  // Loads, stops and timelines.
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const nowHour = Math.floor(now.getTime() / HOUR) * HOUR;
  const built = PLAN.map((p, index) => {
    const lane: Lane = LANES[p.lane];
    const pickupAt = new Date(
      p.hoursFromNow !== undefined
        ? nowHour + p.hoursFromNow * HOUR
        : today + (p.day ?? 0) * DAY + (p.hour ?? 12) * HOUR,
    );
    const stopTimes = lane.stops.map(([, , h]) => new Date(pickupAt.getTime() + h * HOUR));
    // Booked a few days ahead; never "created" in the future.
    const createdAt = new Date(
      Math.min(pickupAt.getTime() - 3 * DAY - 5 * HOUR, now.getTime() - (index + 2) * HOUR),
    );
    return { p, lane, pickupAt, stopTimes, createdAt };
  });
  built.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const { rows: seqRows } = await tx.execute<{ n: string }>(
    sql`select nextval('load_number_seq')::text as n from generate_series(1, ${built.length})`,
  );
  const numbers = seqRows.map((r) => Number(r.n)).sort((a, b) => a - b);

  const loadRows: Array<typeof loads.$inferInsert> = [];
  const stopRows: Array<typeof loadStops.$inferInsert> = [];
  const eventRows: Array<typeof loadStatusEvents.$inferInsert> = [];
  /** One demo check-in sent late from the phone (issue 41), on the first load on the road. */
  let shownLateCheckIn = false;
  const interestRows: Array<typeof loadInterests.$inferInsert> = [];
  const stateMileRows: Array<typeof loadJurisdictionMiles.$inferInsert> = [];
  const dispatcherActor = { actorId: dispatcher?.id ?? null, actorName: dispatcher?.name ?? "Dispatch" };

  built.forEach(({ p, lane, pickupAt, stopTimes, createdAt }, i) => {
    const id = randomUUID();
    const driver = p.driver ? driverIds[p.driver] : null;
    // A load cancelled after assignment keeps its driver for the record; only active loads make them busy.
    const keepsDriver = p.status !== "pending" && !!driver;
    const last = lane.stops.length - 1;
    const firstPlace = PLACES[lane.stops[0][1]];
    const lastPlace = PLACES[lane.stops[last][1]];
    const deliveryAt = stopTimes[last];

    const assignedAt = new Date(Math.min(createdAt.getTime() + 2 * HOUR, now.getTime() - HOUR));
    const startedAt =
      p.status === "in_progress" || p.status === "completed"
        ? new Date(Math.min(pickupAt.getTime() + 40 * 60_000, now.getTime() - 30 * 60_000))
        : null;
    // A load whose receiver kept the driver waiting was delivered at the departure (issue 38).
    const receiver = p.receiverDetention ? demoCheckIns(p, last, last, deliveryAt, now) : null;
    const deliveredAt =
      p.status !== "completed"
        ? null
        : (receiver?.departedAt ?? new Date(deliveryAt.getTime() + 35 * 60_000));
    const acceptedAt =
      keepsDriver && (p.status !== "assigned" || p.accepted) && driver?.userId
        ? new Date(assignedAt.getTime() + 50 * 60_000)
        : null;

    const totalRate = computeTotalRate({
      baseRate: lane.baseRate,
      lumperFee: lane.lumperFee ?? null,
      detention: p.detention ?? null,
      otherCharges: lane.otherCharges ?? null,
    });
    const pay = p.pay ?? (p.driver ? DRIVER_PAY[p.driver] : null);
    const driverPay =
      keepsDriver && p.status !== "cancelled" && pay
        ? computeDriverPay(pay.type, pay.rate, totalRate, lane.miles)
        : null;

    // The timeline: booked, assigned, accepted, rolling, delivered (or cancelled).
    const events: Array<typeof loadStatusEvents.$inferInsert> = [
      {
        loadId: id,
        kind: "created",
        fromStatus: null,
        toStatus: "pending",
        ...dispatcherActor,
        note: null,
        createdAt,
      },
    ];
    const wasAssigned =
      p.status !== "pending" && (p.status !== "cancelled" || p.cancelled?.from === "assigned");
    if (wasAssigned && driver) {
      events.push({
        loadId: id,
        kind: "assigned",
        data: { driverId: driver.id, driverName: driver.name },
        fromStatus: "pending",
        toStatus: "assigned",
        ...dispatcherActor,
        note: null,
        createdAt: assignedAt,
      });
    }
    if (acceptedAt && driver?.userId) {
      events.push({
        loadId: id,
        kind: "accepted",
        fromStatus: "assigned",
        toStatus: "assigned",
        actorId: driver.userId,
        actorName: driver.name,
        note: null,
        createdAt: acceptedAt,
      });
    }
    // Drivers without a sign-in call it in; dispatch records it for them (a status change with the
    // dispatcher's own words as its note).
    const driverActor = driver?.userId
      ? { actorId: driver.userId, actorName: driver.name }
      : { ...dispatcherActor };
    if (startedAt && driver) {
      events.push({
        loadId: id,
        kind: driver.userId ? "trip_started" : "status_changed",
        fromStatus: "assigned",
        toStatus: "in_progress",
        ...driverActor,
        note: driver.userId ? null : `${driver.name} called in: loaded and rolling.`,
        createdAt: startedAt,
      });
    }
    if (deliveredAt && driver) {
      events.push({
        loadId: id,
        kind: driver.userId ? "delivered" : "status_changed",
        fromStatus: "in_progress",
        toStatus: "completed",
        ...driverActor,
        note: driver.userId ? null : `${driver.name} called in: delivered, signed POD.`,
        createdAt: deliveredAt,
      });
    }
    if (p.receiverDetention && receiver?.departedAt) {
      const [type, key] = lane.stops[last];
      events.push({
        loadId: id,
        kind: "detention_proposed",
        data: {
          stopSequence: last + 1,
          locationName: PLACES[key].locationName,
          stopType: type,
          minutes: minutesOver(p.receiverDetention),
          amount: p.receiverDetention,
        },
        fromStatus: "in_progress",
        toStatus: "in_progress",
        ...driverActor,
        note: null,
        createdAt: receiver.departedAt,
      });
    }
    if (p.cancelled) {
      events.push({
        loadId: id,
        kind: "status_changed",
        fromStatus: p.cancelled.from,
        toStatus: "cancelled",
        actorId: manager?.id ?? null,
        actorName: manager?.name ?? "Management",
        note: p.cancelled.note,
        createdAt: new Date(Math.min(pickupAt.getTime() - 20 * HOUR, now.getTime() - HOUR)),
      });
    }
    const updatedAt = new Date(Math.max(...events.map((e) => (e.createdAt as Date).getTime())));
    eventRows.push(...events);

    const gear = keepsDriver && p.driver ? equipment.get(p.driver) : undefined;
    loadRows.push({
      id,
      loadNumber: `LD-${createdAt.getUTCFullYear()}-${String(numbers[i]).padStart(5, "0")}`,
      description: lane.description,
      weightLbs: lane.weightLbs,
      ...freightOf(lane),
      poNumber: `PO-${40_000 + numbers[i]}`,
      bolNumber: p.status === "completed" ? `BOL-${70_000 + numbers[i]}` : "",
      baseRate: lane.baseRate,
      // Over-the-road lanes quote a fuel surcharge inside the base rate (52¢ a loaded mile this quarter).
      fuelSurcharge: lane.miles >= 250 ? (lane.miles * 0.52).toFixed(2) : null,
      lumperFee: lane.lumperFee ?? null,
      detention: p.detention ?? null,
      otherCharges: lane.otherCharges ?? null,
      totalRate,
      customerRate: totalRate,
      loadedMiles: lane.miles,
      customerId: customerIds[lane.customer],
      driverId: keepsDriver ? driver!.id : null,
      vehicleId: gear?.vehicleId ?? null,
      trailerId: gear?.trailerId ?? null,
      status: p.status,
      fuelUsedGallons: p.status === "completed" ? Math.round((lane.miles / 6.4) * 10) / 10 : null,
      payType: p.pay?.type ?? null,
      payRate: p.pay?.rate ?? null,
      driverPay,
      payFromDriverDefault: keepsDriver && !p.pay,
      postedToBoard: !!p.posted,
      notes: p.notes ?? "",
      pickupCity: firstPlace.city,
      pickupState: firstPlace.state,
      pickupAt,
      deliveryCity: lastPlace.city,
      deliveryState: lastPlace.state,
      deliveryAt,
      acceptedAt,
      startedAt,
      deliveredAt,
      createdBy: dispatcher?.id ?? null,
      createdAt,
      updatedAt,
    });
    // The trip sheet's state miles, recorded on delivery (a trip on the road has not crossed them all yet).
    if (deliveredAt) {
      for (const [jurisdiction, miles] of lane.route) {
        stateMileRows.push({
          loadId: id,
          jurisdiction,
          miles: miles.toFixed(1),
          recordedBy: driver?.userId ?? dispatcher?.id ?? null,
          recordedAt: deliveredAt,
        });
      }
    }
    const number = numbers[i];
    lane.stops.forEach(([type, key], s) => {
      const at = stopTimes[s];
      // Kansas City docks load first come, first served; deliveries give a three-hour window.
      const fcfs = type === "pickup" && key.startsWith("kc");
      const appointmentKind = fcfs ? "fcfs" : type === "delivery" ? "window" : "appointment";
      stopRows.push({
        loadId: id,
        sequence: s + 1,
        type,
        ...PLACES[key],
        ...placed(key),
        locationId: locationIds[key],
        appointmentKind,
        scheduledAt: at,
        scheduledEnd:
          appointmentKind === "appointment" ? null : new Date(at.getTime() + (fcfs ? 6 : 3) * HOUR),
        referenceNumber: `${type === "pickup" ? "PU" : "DEL"}-${number}${s + 1}`,
        poNumber: type === "delivery" ? `PO-${40_000 + number}` : "",
        ...demoCheckIns(p, s, last, at, now),
      });
    });
    // Loads on the road show their check-ins on the timeline too.
    if (p.status === "in_progress" && driver?.userId) {
      lane.stops.forEach(([type, key], s) => {
        const times = demoCheckIns(p, s, last, stopTimes[s], now);
        for (const [checkIn, at] of [
          ["arrived", times.arrivedAt],
          ["done", times.doneAt],
          ["departed", times.departedAt],
        ] as const) {
          if (!at) continue;
          // The first load on the road's first arrival came from the phone's outbox 25 minutes late
          // (no signal at the dock; issue 41): the timeline shows it "sent late" with both times.
          const late = !shownLateCheckIn && checkIn === "arrived";
          if (late) shownLateCheckIn = true;
          const receivedAt = late ? new Date(at.getTime() + 25 * 60_000) : at;
          eventRows.push({
            loadId: id,
            kind: "stop_checked_in",
            data: {
              stopSequence: s + 1,
              locationName: PLACES[key].locationName,
              stopType: type,
              checkIn,
              ...(late ? { occurredAt: at.toISOString(), receivedAt: receivedAt.toISOString(), late } : {}),
            },
            fromStatus: "in_progress",
            toStatus: "in_progress",
            actorId: driver.userId,
            actorName: driver.name,
            createdAt: receivedAt,
          });
        }
      });
    }
    for (const who of p.interested ?? []) {
      interestRows.push({
        loadId: id,
        driverId: driverIds[who].id,
        createdAt: new Date(now.getTime() - (i + 1) * HOUR),
      });
    }
  });

  await tx.insert(loads).values(loadRows);
  await tx.insert(loadStops).values(stopRows);
  await tx.insert(loadStatusEvents).values(eventRows);
  if (interestRows.length) await tx.insert(loadInterests).values(interestRows);
  if (stateMileRows.length) await tx.insert(loadJurisdictionMiles).values(stateMileRows);

  // The dispatcher's saved views of the loads list.
  if (dispatcher)
    await tx.insert(savedViews).values([
      { userId: dispatcher.id, screen: "loads", name: "On the road", query: "status=in_progress" },
      {
        userId: dispatcher.id,
        screen: "loads",
        name: "Great Lakes Foods",
        query: new URLSearchParams({ customerId: customerIds.greatLakes ?? "", sort: "pickupAt" }).toString(),
      },
    ]);

  // Time off: Emily is away this week (approved), Rosa asks for a long weekend next month.
  await tx.insert(timeOffRequests).values([
    {
      driverId: driverIds.emily.id,
      startDate: ymd(new Date(today - 2 * DAY)),
      endDate: ymd(new Date(today + 4 * DAY)),
      reason: "Family vacation in Door County.",
      status: "approved",
      reviewedBy: manager?.id ?? null,
      reviewedAt: new Date(now.getTime() - 12 * DAY),
      reviewNote: "Approved. Enjoy the trip.",
      createdAt: new Date(now.getTime() - 14 * DAY),
    },
    {
      driverId: driverIds.rosa.id,
      startDate: ymd(new Date(today + 20 * DAY)),
      endDate: ymd(new Date(today + 22 * DAY)),
      reason: "My sister's wedding in San Antonio.",
      status: "pending",
      createdAt: new Date(now.getTime() - 1 * DAY),
    },
    {
      driverId: driverIds.jake.id,
      startDate: ymd(new Date(today - 30 * DAY)),
      endDate: ymd(new Date(today - 29 * DAY)),
      reason: "Doctor's appointment and DOT physical.",
      status: "approved",
      reviewedBy: manager?.id ?? null,
      reviewedAt: new Date(now.getTime() - 36 * DAY),
      createdAt: new Date(now.getTime() - 38 * DAY),
    },
  ]);

  await recomputeDriverStatuses(tx);
}

/** The extra customers with their places, looked up one after another on the seed's one connection. */
async function placedInTurn(tx: Tx, keys: ReadonlyArray<keyof typeof EXTRA_CUSTOMERS>) {
  const rows = [];
  for (const k of keys)
    rows.push({ ...EXTRA_CUSTOMERS[k], ...(await placeOneLine(tx, EXTRA_CUSTOMERS[k].address)) });
  return rows;
}
