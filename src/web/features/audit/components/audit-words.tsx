import type { AuditEntry } from "@shared/audit/audit.schema";
import {
  parseAssistantLine,
  parseInspectionLine,
  parsePeriodLine,
  parsePermissionChanges,
  parseRetentionLine,
  parseRoleList,
  parseSwitchChanges,
  parseToolLine,
} from "@shared/audit/audit-targets";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";

/** i18next reads ":" as a namespace separator: the words of loads:write live under perm.loads_write. */
const permissionWords = (permission: string) => `perm.${permission.replace(":", "_")}.label`;

/** Actions whose target label is one word of a list (a key): the namespace and the list's key there. */
const KEYED_TARGETS: Record<string, [string, string]> = {
  "pay_settings.updated": ["settlements", "frequencies"],
  "standing_deduction.created": ["settlements", "kinds"],
  "standing_deduction.updated": ["settlements", "kinds"],
  "contract.template_saved": ["contracts", "types"],
};

/**
 * The namespace whose words an action's target line needs beyond the audit's own (`admin`). They are
 * asked for only when such an entry is on screen (decision 021, on demand): a page of loads and
 * invoices never downloads the permissions editor's or the settings' words.
 */
const TARGET_NAMESPACES: Record<string, string> = {
  "permissions.changed": "permissions",
  // Its target is a count; its `changed` detail lists the changes undone.
  "permissions.reset": "permissions",
  "notifications.automated_saved": "communications",
  "settings.assistant_saved": "settings",
  "inspection.filed": "inspections",
  ...Object.fromEntries(Object.entries(KEYED_TARGETS).map(([action, [ns]]) => [action, ns])),
};

type Worded = Pick<AuditEntry, "action" | "targetLabel" | "targetId">;

/**
 * Audit entries in the reader's language, wherever they are shown (the audit log, the staff
 * dashboard's recent activity): the action's name, the target's kind, and the target itself — a
 * name or number as stored, or, for the actions that store what changed as data (permissions,
 * automated-notification switches, sign-in rules, the assistant's provider, retention, a pay period…,
 * `@shared/audit/audit-targets`), that data in words. A line it does not recognise shows as stored.
 *
 * `entries` are the ones on screen: the words their targets need load with them, and like every
 * `useTranslation` the caller suspends until they are in (give it a Suspense boundary of its own), so
 * a key never shows raw.
 */
export function useAuditWords(entries: readonly Pick<AuditEntry, "action">[]) {
  const extra = [...new Set(entries.flatMap((e) => TARGET_NAMESPACES[e.action] ?? []))].sort();
  const { t } = useTranslation(["admin", ...extra]);
  const role = (r: string) => t(`common:roles.${r}`);
  const days = (n: number | null) =>
    n === null ? t("admin:audit.targets.forever") : t("admin:audit.targets.days", { count: n });

  const permissionChanges = (line: string) =>
    parsePermissionChanges(line)
      ?.map((c) =>
        t(c.granted ? "admin:audit.targets.permissionGiven" : "admin:audit.targets.permissionTaken", {
          permission: t(permissionWords(c.permission), { ns: "permissions" }),
          role: role(c.role),
        }),
      )
      .join("; ") ?? null;
  const switchChanges = (line: string) =>
    parseSwitchChanges(line)
      ?.map((c) =>
        t(c.on ? "admin:audit.targets.switchOn" : "admin:audit.targets.switchOff", {
          event: t(`automated.events.${c.event}`, { ns: "communications" }),
          channel: t(`automated.channels.${c.channel}`, { ns: "communications" }),
        }),
      )
      .join("; ") ?? null;

  const roleList = (line: string) => {
    const roles = parseRoleList(line);
    if (!roles) return null;
    return roles.length ? roles.map(role).join(", ") : t("admin:audit.targets.noRoles");
  };
  const provider = (name: string) => t(`assistant.providers.${name}`, { ns: "settings", defaultValue: name });

  /**
   * A detail that holds one of those data lines, in words (null for any other: the caller words it):
   * the changes of a permissions or switches save, the two-factor roles, the assistant's old and new
   * endpoint ("<provider> <address>").
   */
  function detail(action: string, key: string, value: string): string | null {
    if (key === "changed" && action.startsWith("permissions.")) return permissionChanges(value);
    if (key === "changed" && action === "notifications.automated_saved") return switchChanges(value);
    if (key === "role" && action === "settings.security_saved") return roleList(value);
    if ((key === "from" || key === "to") && action === "settings.assistant_saved") {
      const m = /^(\S+)(?: (.+))?$/.exec(value);
      return m && value !== "—" ? [provider(m[1]), m[2]].filter(Boolean).join(" · ") : null;
    }
    return null;
  }

  function target(entry: Worded): string | null {
    const label = entry.targetLabel;
    if (!label) return entry.targetId;
    const keyed = KEYED_TARGETS[entry.action];
    if (keyed) return t(`${keyed[1]}.${label}`, { ns: keyed[0], defaultValue: label });
    switch (entry.action) {
      case "permissions.changed":
        return permissionChanges(label) ?? label;
      case "permissions.reset":
        if (!/^\d+$/.test(label)) break;
        return t("admin:audit.targets.permissionsReset", { count: Number(label) });
      case "notifications.automated_saved":
        return switchChanges(label) ?? label;
      case "settings.security_saved":
        return roleList(label) ?? label;
      case "settings.assistant_saved": {
        const saved = parseAssistantLine(label);
        if (!saved) break;
        if (saved === "off") return t("assistant.off", { ns: "settings" });
        return [provider(saved.provider), saved.model, saved.newKey ? t("admin:audit.targets.newKey") : null]
          .filter(Boolean)
          .join(" · ");
      }
      case "assistant.tool_called": {
        const call = parseToolLine(label);
        if (!call) break;
        return `${t(`admin:audit.targets.tools.${call.tool}`, { defaultValue: call.tool })}: ${call.detail}`;
      }
      case "inspection.filed": {
        const filed = parseInspectionLine(label);
        if (!filed) break;
        const asset = filed.asset === "vehicle" ? "truckNamed" : "trailerNamed";
        return [
          t(`asset.${asset}`, { ns: "inspections", label: filed.unit }),
          t(`types.${filed.type}`, { ns: "inspections" }),
          formatDay(filed.day),
        ].join(" · ");
      }
      case "settlement.generated": {
        const period = parsePeriodLine(label);
        if (!period) break;
        return `${formatDay(period.start)} – ${formatDay(period.end)}`;
      }
      case "data.demo_removed":
        if (!/^\d+$/.test(label)) break;
        return t("admin:audit.targets.rows", { count: Number(label) });
      case "data.settings_saved": {
        const kept = parseRetentionLine(label);
        if (!kept) break;
        const [notifications, audit, communications] = kept.map(days);
        return t("admin:audit.targets.retention", { notifications, audit, communications });
      }
    }
    return label;
  }

  return {
    action: (action: string) => t(`admin:audit.actions.${action}`, { defaultValue: action }),
    targetType: (type: string) => t(`admin:audit.targetTypes.${type}`, { defaultValue: type }),
    target,
    detail,
  };
}
export type AuditWords = ReturnType<typeof useAuditWords>;
