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
const permissionWords = (permission: string) => `permissions:perm.${permission.replace(":", "_")}.label`;

/** Actions whose target label is one word of a list (a key), worded where that list is. */
const KEYED_TARGETS: Record<string, string> = {
  "pay_settings.updated": "settlements:frequencies",
  "standing_deduction.created": "settlements:kinds",
  "standing_deduction.updated": "settlements:kinds",
  "contract.template_saved": "contracts:types",
};

type Worded = Pick<AuditEntry, "action" | "targetLabel" | "targetId">;

/**
 * An audit entry in the reader's language, wherever entries are shown (the audit log, the staff
 * dashboard's recent activity): the action's name, the target's kind, and the target itself — a
 * name or number as stored, or, for the actions that store what changed as data (permissions,
 * automated-notification switches, sign-in rules, the assistant's provider, retention, a pay period…,
 * `@shared/audit/audit-targets`), that data in words. A line it does not recognise shows as stored.
 */
export function useAuditWords() {
  const { t } = useTranslation([
    "admin",
    "communications",
    "contracts",
    "inspections",
    "permissions",
    "settings",
    "settlements",
  ]);
  const role = (r: string) => t(`common:roles.${r}`);
  const days = (n: number | null) =>
    n === null ? t("admin:audit.targets.forever") : t("admin:audit.targets.days", { count: n });

  function target(entry: Worded): string | null {
    const label = entry.targetLabel;
    if (!label) return entry.targetId;
    const keyed = KEYED_TARGETS[entry.action];
    if (keyed) return t(`${keyed}.${label}`, { defaultValue: label });
    switch (entry.action) {
      case "permissions.changed": {
        const changes = parsePermissionChanges(label);
        if (!changes) break;
        return changes
          .map((c) =>
            t(c.granted ? "admin:audit.targets.permissionGiven" : "admin:audit.targets.permissionTaken", {
              permission: t(permissionWords(c.permission)),
              role: role(c.role),
            }),
          )
          .join("; ");
      }
      case "permissions.reset":
        if (!/^\d+$/.test(label)) break;
        return t("admin:audit.targets.permissionsReset", { count: Number(label) });
      case "notifications.automated_saved": {
        const changes = parseSwitchChanges(label);
        if (!changes) break;
        return changes
          .map((c) =>
            t(c.on ? "admin:audit.targets.switchOn" : "admin:audit.targets.switchOff", {
              event: t(`communications:automated.events.${c.event}`),
              channel: t(`communications:automated.channels.${c.channel}`),
            }),
          )
          .join("; ");
      }
      case "settings.security_saved": {
        const roles = parseRoleList(label);
        if (!roles) break;
        return roles.length ? roles.map(role).join(", ") : t("admin:audit.targets.noRoles");
      }
      case "settings.assistant_saved": {
        const saved = parseAssistantLine(label);
        if (!saved) break;
        if (saved === "off") return t("settings:assistant.off");
        return [
          t(`settings:assistant.providers.${saved.provider}`, { defaultValue: saved.provider }),
          saved.model,
          saved.newKey ? t("admin:audit.targets.newKey") : null,
        ]
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
          t(`inspections:asset.${asset}`, { label: filed.unit }),
          t(`inspections:types.${filed.type}`),
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
  };
}
