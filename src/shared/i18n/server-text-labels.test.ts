import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, AUDIT_DETAIL_KEYS, AUDIT_TARGET_TYPES } from "../audit/audit.schema";
import { LOAD_EVENT_KINDS } from "../loads/loads.schema";
import { NOTIFICATION_KINDS } from "../notifications/notifications.schema";
import { LANGUAGES } from "./i18n.config";

// Issue 10, point 12: the audit log showed raw codes. Every action, target type and detail key the
// server can write (the types make recordAudit refuse anything else) has a label in every language.

const namespace = (lng: string, ns: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "locales", lng, `${ns}.json`), "utf8"));
const at = (obj: unknown, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], obj);

describe.each(LANGUAGES)("audit labels in %s", (lng) => {
  const audit = namespace(lng, "admin").audit;

  it("name every audited action", () => {
    const missing = AUDIT_ACTIONS.filter((a) => typeof at(audit.actions, a) !== "string");
    expect(missing).toEqual([]);
  });

  it("name every target type and detail key", () => {
    expect(AUDIT_TARGET_TYPES.filter((k) => typeof audit.targetTypes[k] !== "string")).toEqual([]);
    expect(AUDIT_DETAIL_KEYS.filter((k) => typeof audit.detailKeys[k] !== "string")).toEqual([]);
  });

  it("word every notification kind (decision 017)", () => {
    const kinds = namespace(lng, "notifications").kinds;
    expect(NOTIFICATION_KINDS.filter((k) => typeof at(kinds, `${k}.title`) !== "string")).toEqual([]);
  });

  it("word every load timeline kind (decision 017)", () => {
    const kinds = namespace(lng, "loads").timeline.kinds;
    expect(LOAD_EVENT_KINDS.filter((k) => typeof kinds[k] !== "string")).toEqual([]);
  });
});
