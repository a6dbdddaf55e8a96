import { isRole, PERMISSIONS, type Permission, type Role } from "../access";
import {
  AUTOMATED_EVENTS,
  type AutomatedEvent,
  NOTIFY_CHANNELS,
  type NotifyChannel,
} from "../notifications/automated";

/**
 * The audit target labels that are data, not names (decision 017): a few actions store what changed
 * as a short line in a fixed grammar — readable in a database dump, searchable in the audit log —
 * which the server writes with the builders below and the screens read back with the parsers, to word
 * it in the reader's language (`features/audit/components/audit-words.tsx`). A parser answers null for
 * a line it does not recognise (then the screen shows the line as stored).
 */

const MINUS = "−";

/** `permissions.changed`: "dispatcher +reports:money, manager −tolls:manage". */
export type PermissionChange = { role: Role; permission: Permission; granted: boolean };
export const permissionChangeLine = (c: PermissionChange) =>
  `${c.role} ${c.granted ? "+" : MINUS}${c.permission}`;
export function parsePermissionChanges(label: string): PermissionChange[] | null {
  const changes: PermissionChange[] = [];
  for (const part of label.split(", ")) {
    const m = /^(\w+) ([+−])(\S+)$/.exec(part);
    if (!m || !isRole(m[1]) || !(m[3] in PERMISSIONS)) return null;
    changes.push({ role: m[1], permission: m[3] as Permission, granted: m[2] === "+" });
  }
  return changes.length ? changes : null;
}

/** `notifications.automated_saved`: "load.assigned inApp on, bill.due sms off". */
export type SwitchChange = { event: AutomatedEvent; channel: NotifyChannel; on: boolean };
export const switchChangeLine = (c: SwitchChange) => `${c.event} ${c.channel} ${c.on ? "on" : "off"}`;
export function parseSwitchChanges(label: string): SwitchChange[] | null {
  const changes: SwitchChange[] = [];
  for (const part of label.split(", ")) {
    const m = /^(\S+) (\w+) (on|off)$/.exec(part);
    if (!m || !(m[1] in AUTOMATED_EVENTS) || !(NOTIFY_CHANNELS as readonly string[]).includes(m[2]))
      return null;
    changes.push({ event: m[1] as AutomatedEvent, channel: m[2] as NotifyChannel, on: m[3] === "on" });
  }
  return changes.length ? changes : null;
}

/** `settings.security_saved`: the roles that must use two-factor sign-in, "dispatcher, safety" ("—": none). */
export const NO_ROLES = "—";
export const roleListLine = (roles: readonly Role[]) => roles.join(", ") || NO_ROLES;
export function parseRoleList(label: string): Role[] | null {
  if (label === NO_ROLES) return [];
  const roles = label.split(", ");
  return roles.every(isRole) ? roles : null;
}

/** `settings.assistant_saved`: "openai-compatible company-llm (new key)", or "off". */
export const ASSISTANT_OFF = "off";
const NEW_KEY = " (new key)";
export const assistantLine = (provider: string | null, model: string, newKey: boolean) =>
  provider ? `${provider} ${model}${newKey ? NEW_KEY : ""}` : ASSISTANT_OFF;
export function parseAssistantLine(
  label: string,
): { provider: string; model: string; newKey: boolean } | "off" | null {
  if (label === ASSISTANT_OFF) return "off";
  const newKey = label.endsWith(NEW_KEY);
  const m = /^(\S+) (.+)$/.exec(newKey ? label.slice(0, -NEW_KEY.length) : label);
  return m ? { provider: m[1], model: m[2], newKey } : null;
}

/** `inspection.filed`: "<Truck|Trailer> <unit> <type> <day>" ("Truck 101 pre-trip 2026-03-02"). */
const INSPECTION_TYPE_TOKENS = {
  pre_trip: "pre-trip",
  post_trip: "post-trip",
  annual: "annual",
  other: "other",
} as const;
const INSPECTED_ASSET_TOKENS = { vehicle: "Truck", trailer: "Trailer" } as const;
export type InspectionTypeKey = keyof typeof INSPECTION_TYPE_TOKENS;
export type InspectedAssetKey = keyof typeof INSPECTED_ASSET_TOKENS;
export const inspectionLine = (
  asset: InspectedAssetKey,
  unit: string,
  type: InspectionTypeKey,
  day: string,
) => `${INSPECTED_ASSET_TOKENS[asset]} ${unit} ${INSPECTION_TYPE_TOKENS[type]} ${day}`;
export function parseInspectionLine(
  label: string,
): { asset: InspectedAssetKey; unit: string; type: InspectionTypeKey; day: string } | null {
  const m = /^(Truck|Trailer) (.+) (\S+) (\d{4}-\d{2}-\d{2})$/.exec(label);
  if (!m) return null;
  const asset = m[1] === "Truck" ? "vehicle" : "trailer";
  const type = (Object.keys(INSPECTION_TYPE_TOKENS) as InspectionTypeKey[]).find(
    (k) => INSPECTION_TYPE_TOKENS[k] === m[3],
  );
  return type ? { asset, unit: m[2], type, day: m[4] } : null;
}

/** `settlement.generated`: the pay period, "2026-03-02 – 2026-03-08". */
export const periodLine = (start: string, end: string) => `${start} – ${end}`;
export function parsePeriodLine(label: string): { start: string; end: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})$/.exec(label);
  return m ? { start: m[1], end: m[2] } : null;
}

/** `data.settings_saved`: days kept for notifications / audit / communications, "∞" for ever: "90 / 365 / ∞". */
export const FOREVER = "∞";
export const retentionLine = (days: readonly (number | null)[]) => days.map((d) => d ?? FOREVER).join(" / ");
export function parseRetentionLine(label: string): (number | null)[] | null {
  const parts = label.split(" / ");
  if (parts.length !== 3 || !parts.every((p) => p === FOREVER || /^\d+$/.test(p))) return null;
  return parts.map((p) => (p === FOREVER ? null : Number(p)));
}

/** `assistant.tool_called`: "<tool>: <argument>". */
export function parseToolLine(label: string): { tool: string; detail: string } | null {
  const m = /^([a-z_]+): ([\s\S]*)$/.exec(label);
  return m ? { tool: m[1], detail: m[2] } : null;
}
