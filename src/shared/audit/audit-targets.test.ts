import { describe, expect, it } from "vitest";
import {
  assistantLine,
  inspectionLine,
  parseAssistantLine,
  parseInspectionLine,
  parsePeriodLine,
  parsePermissionChanges,
  parseRetentionLine,
  parseRoleList,
  parseSwitchChanges,
  parseToolLine,
  periodLine,
  permissionChangeLine,
  retentionLine,
  roleListLine,
  switchChangeLine,
} from "./audit-targets";

describe("audit target lines", () => {
  it("read back what the server writes, and the lines entries already hold", () => {
    const changes = [
      { role: "dispatcher", permission: "reports:money", granted: true },
      { role: "manager", permission: "tolls:manage", granted: false },
    ] as const;
    const line = changes.map(permissionChangeLine).join(", ");
    expect(line).toBe("dispatcher +reports:money, manager −tolls:manage");
    expect(parsePermissionChanges(line)).toEqual(changes);

    const switches = switchChangeLine({ event: "load.assigned", channel: "inApp", on: true });
    expect(switches).toBe("load.assigned inApp on");
    expect(parseSwitchChanges(`${switches}, bill.due sms off`)).toEqual([
      { event: "load.assigned", channel: "inApp", on: true },
      { event: "bill.due", channel: "sms", on: false },
    ]);

    expect(parseRoleList(roleListLine(["dispatcher", "safety"]))).toEqual(["dispatcher", "safety"]);
    expect(parseRoleList(roleListLine([]))).toEqual([]);
    expect(parseAssistantLine(assistantLine("openai-compatible", "llama 3.3", true))).toEqual({
      provider: "openai-compatible",
      model: "llama 3.3",
      newKey: true,
    });
    expect(parseAssistantLine(assistantLine(null, "", false))).toBe("off");
    expect(inspectionLine("vehicle", "101", "pre_trip", "2026-03-02")).toBe("Truck 101 pre-trip 2026-03-02");
    expect(parseInspectionLine("Truck 101 pre-trip 2026-03-02")).toEqual({
      asset: "vehicle",
      unit: "101",
      type: "pre_trip",
      day: "2026-03-02",
    });
    expect(parseInspectionLine(inspectionLine("trailer", "TR 9", "other", "2026-03-02"))).toEqual({
      asset: "trailer",
      unit: "TR 9",
      type: "other",
      day: "2026-03-02",
    });
    expect(parsePeriodLine(periodLine("2026-03-02", "2026-03-08"))).toEqual({
      start: "2026-03-02",
      end: "2026-03-08",
    });
    expect(parseRetentionLine(retentionLine([90, 365, null]))).toEqual([90, 365, null]);
    expect(parseToolLine("search_records: LD-2026-000042")).toEqual({
      tool: "search_records",
      detail: "LD-2026-000042",
    });
  });

  it("refuse a line that is not theirs, so the screen shows it as stored", () => {
    expect(parsePermissionChanges("Great Lakes Foods")).toBeNull();
    expect(parsePermissionChanges("pilot +reports:money")).toBeNull();
    expect(parsePermissionChanges("dispatcher +reports:everything")).toBeNull();
    expect(parseSwitchChanges("load.assigned fax on")).toBeNull();
    expect(parseRoleList("dispatcher, pilots")).toBeNull();
    expect(parseInspectionLine("Dana Inspector")).toBeNull();
    expect(parseRetentionLine("30 / 60")).toBeNull();
  });
});
