import { invoiceListQuerySchema } from "@shared/invoices/invoices.schema";
import { describe, expect, it } from "vitest";
import { listQueryDefaults, parseListFilter } from "./use-list-query";

describe("a list's URL state through its shared query schema", () => {
  it("leaves paging out and writes each default as the URL would", () => {
    const extra = { invoice: "" };
    const defaults = listQueryDefaults(invoiceListQuerySchema, extra);
    expect(defaults).toEqual({
      invoice: "",
      q: "",
      status: "",
      customerId: "",
      from: "",
      to: "",
      sort: "issueDate",
      dir: "desc",
    });
    // Memoised: the same identity on every render, which useListParams relies on.
    expect(listQueryDefaults(invoiceListQuerySchema, extra)).toBe(defaults);
  });

  it("types what is valid and drops what is not to the field's default", () => {
    const filter = parseListFilter(invoiceListQuerySchema, {
      q: "  INV-7 ",
      status: "overdue",
      customerId: "not-a-uuid",
      from: "2026-11-01",
      to: "2026-13-45",
      sort: "balance",
      dir: "sideways",
      page: "9",
    });
    expect(filter).toEqual({
      q: "INV-7",
      status: "overdue",
      customerId: undefined,
      from: "2026-11-01",
      to: undefined,
      sort: "balance",
      dir: "desc",
    });
    expect(parseListFilter(invoiceListQuerySchema, {})).toEqual({
      q: undefined,
      status: undefined,
      customerId: undefined,
      from: undefined,
      to: undefined,
      sort: "issueDate",
      dir: "desc",
    });
  });
});
