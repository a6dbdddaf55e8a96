import { can, canOpen, type Permission, type RouteKey, type User } from "@shared/access";
import { createHref } from "../../lib/create-param";
import { navHref, ROUTE_KEYS, routeTitleKey } from "../../lib/navigation";
import { type Findable, listOf } from "./palette-match";

/**
 * What the command palette offers to do, beside the screens to go to: each opens its screen with the
 * create form open (`?new=1`, honoured by the screen through `useCreateParam`), or a screen that is
 * itself the form (a new load). Its words are the `search` namespace's `palette.actions.<key>` (the
 * name) and `palette.actionWords.<key>` (what people type for it); it is also found by the words of the
 * screen it is `about`.
 */
export interface PaletteAction {
  key: string;
  /** The screen it opens. */
  screen: RouteKey;
  /**
   * Opens the screen's create form (`?new=1`, or the form's name on a screen with several); without it
   * the screen is the form.
   */
  form?: true | string;
  /** Needed besides opening the screen: any of these (the screen's own "New" button asks the same). */
  permissions?: readonly Permission[];
  /** The screen whose words also find it (default: `screen`). */
  about?: RouteKey;
}

export const PALETTE_ACTIONS = [
  { key: "newLoad", screen: "loadNew", about: "loads" },
  { key: "addBill", screen: "bills", form: true, permissions: ["bills:write"] },
  { key: "logFuel", screen: "fuelLog", form: true, permissions: ["fuel:log"] },
  { key: "newCustomer", screen: "customers", form: true, permissions: ["customers:write"] },
  { key: "requestTimeOff", screen: "calendar", form: true, permissions: ["timeOff:request"] },
  { key: "newDriver", screen: "drivers", form: true, permissions: ["drivers:write"] },
  { key: "newVehicle", screen: "vehicles", form: true, permissions: ["fleet:write"] },
  { key: "newTrailer", screen: "trailers", form: true, permissions: ["fleet:write"] },
  { key: "logMaintenance", screen: "maintenance", form: true, permissions: ["maintenance:log"] },
  { key: "reportDefect", screen: "maintenance", form: "defect", permissions: ["maintenance:log"] },
  { key: "newInspection", screen: "inspectionNew", about: "inspections" },
  { key: "reportAccident", screen: "accidentNew", about: "accidents" },
  { key: "newCitation", screen: "citations", form: true, permissions: ["citations:write"] },
  { key: "newLedgerEntry", screen: "transactions", form: true, permissions: ["ledger:write"] },
  {
    key: "uploadDocument",
    screen: "documents",
    form: true,
    permissions: ["documents:write", "documents:upload"],
  },
  { key: "scheduleMeeting", screen: "meetings", form: true },
  { key: "newContract", screen: "contracts", form: true },
] as const satisfies readonly PaletteAction[];

/** The screens that are themselves an action's form: listed once, as the action. */
export const ACTION_SCREENS: ReadonlySet<RouteKey> = new Set(
  PALETTE_ACTIONS.filter((a: PaletteAction) => !a.form).map((a) => a.screen),
);

/** The actions a user may take: their screen opens for them, and they hold the permission it needs. */
export function actionsFor(user: User): PaletteAction[] {
  return PALETTE_ACTIONS.filter(
    (a: PaletteAction) =>
      canOpen(user, a.screen) && (!a.permissions || a.permissions.some((p) => can(user, p))),
  );
}

/** Where an action takes the user. */
export function actionHref(action: PaletteAction): string {
  if (!action.form) return navHref(action.screen);
  return action.form === true
    ? createHref(navHref(action.screen))
    : createHref(navHref(action.screen), action.form);
}

/** A screen or an action as the palette lists it, with the words that find it. */
export interface PaletteEntry extends Findable {
  key: string;
  /** Under the name: an action's screen. */
  detail: string;
  path: string;
  group: "screens" | "action";
}

/**
 * A translation: the `search` namespace's by its key (`palette.actions.addBill`), another namespace's
 * by a prefixed key (`nav:bills`); "" when there is none.
 */
export type Words = (key: string) => string;

/**
 * Everything the palette can offer a user, screens first: the screens they may open (a screen that is
 * an action's form is listed as the action), then the actions they may take.
 */
export function paletteEntries(user: User, words: Words): PaletteEntry[] {
  const screenWords = (key: RouteKey) => listOf(words(`palette.screenWords.${key}`));
  const screens = ROUTE_KEYS.filter(
    (k) => canOpen(user, k) && !navHref(k).includes(":") && !ACTION_SCREENS.has(k),
  )
    .map((k) => ({
      key: `screen:${k}`,
      label: words(routeTitleKey(k)),
      detail: "",
      path: navHref(k),
      group: "screens" as const,
      synonyms: screenWords(k),
    }))
    .filter((s, i, all) => all.findIndex((o) => o.path === s.path) === i);
  const actions = actionsFor(user).map((a) => {
    const about = a.about ?? a.screen;
    const screen = words(routeTitleKey(about));
    return {
      key: `action:${a.key}`,
      label: words(`palette.actions.${a.key}`),
      detail: screen,
      path: actionHref(a),
      group: "action" as const,
      synonyms: [...listOf(words(`palette.actionWords.${a.key}`)), screen, ...screenWords(about)],
    };
  });
  return [...screens, ...actions];
}
