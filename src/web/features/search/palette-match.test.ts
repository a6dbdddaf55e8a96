import { readFileSync } from "node:fs";
import path from "node:path";
import { defaultPermissions, type Role, type User } from "@shared/access";
import { describe, expect, it } from "vitest";
import { actionsFor, type PaletteEntry, paletteEntries } from "./palette-actions";
import { findAll, fold, MATCH, matchScore, wordsOf } from "./palette-match";

/** The palette's words as a reader of `lng` gets them, from the translation files themselves. */
function wordsIn(lng: "en" | "es" | "fr") {
  const load = (ns: string) =>
    JSON.parse(readFileSync(path.resolve(`src/shared/i18n/locales/${lng}/${ns}.json`), "utf8"));
  const namespaces: Record<string, unknown> = { search: load("search"), nav: load("nav") };
  return (key: string): string => {
    const [ns, rest] = key.includes(":") ? key.split(":") : ["search", key];
    const value = rest
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], namespaces[ns]);
    return typeof value === "string" ? value : "";
  };
}

/** What the palette finds for a role (default permissions) typing `query` in `lng`, best first. */
function find(role: Role, lng: "en" | "es" | "fr", query: string, user?: User): PaletteEntry[] {
  const words = wordsIn(lng);
  const stopWords = new Set(wordsOf(words("palette.stopWords")));
  return findAll(query, paletteEntries(user ?? { role }, words), stopWords, 8);
}
const keys = (entries: PaletteEntry[]) => entries.map((e) => e.key);

describe("matching a query to a name and its synonyms", () => {
  const addBill = { label: "Add bill", synonyms: ["new bill", "record an expense", "Bills"] };
  const stop = new Set(["a", "where", "do", "i"]);

  it("ranks a name's beginning, then the name's words in any order, then the synonyms", () => {
    expect(matchScore("add bi", addBill, stop)).toBe(MATCH.start);
    expect(matchScore("bill add", addBill, stop)).toBe(MATCH.name);
    expect(matchScore("expense", addBill, stop)).toBe(MATCH.synonym + 3); // one word of "record an expense"
    expect(matchScore("new bill", addBill, stop)).toBe(MATCH.synonym + 9); // the whole of "new bill"
    expect(matchScore("record bills", addBill, stop)).toBe(MATCH.spread);
    expect(matchScore("invoice", addBill, stop)).toBe(MATCH.none);
    expect(matchScore("", addBill, stop)).toBe(MATCH.none);
  });

  it("leaves out the words around a request, unless the query has nothing else", () => {
    expect(matchScore("add a bill", addBill, stop)).toBe(MATCH.name);
    expect(matchScore("where do I add a bill?", addBill, stop)).toBe(MATCH.name);
    expect(matchScore("a", { label: "Accidents", synonyms: [] }, stop)).toBe(MATCH.start);
  });

  it("ignores accents and case, and splits words at any punctuation", () => {
    expect(fold("Dépense Añadir ÉCRAN")).toBe("depense anadir ecran");
    expect(matchScore("depense", { label: "Charges", synonyms: ["dépense"] }, stop)).toBe(MATCH.synonym + 9);
    expect(matchScore("AÑADIR", { label: "Anadir gasto", synonyms: [] }, stop)).toBe(MATCH.start);
    expect(wordsOf("l’IFTA, P&L")).toEqual(["l", "ifta", "p", "l"]);
  });
});

describe("the palette's screens and actions, per role and language", () => {
  it("'add a bill' puts the accountant's Add bill action first, opening the Bills form", () => {
    const [first] = find("accountant", "en", "add a bill");
    expect(first).toMatchObject({
      key: "action:addBill",
      label: "Add bill",
      path: "/accounting/bills?new=1",
    });
    expect(find("accountant", "en", "where do I add a bill")[0].key).toBe("action:addBill");
  });

  it("finds screens by what they are for: expense, pay a driver, IFTA, ticket, truck, fuel", () => {
    expect(keys(find("accountant", "en", "expense"))).toEqual(
      expect.arrayContaining(["screen:bills", "action:addBill"]),
    );
    expect(keys(find("accountant", "en", "pay a driver"))[0]).toBe("screen:settlements");
    expect(keys(find("dispatcher", "en", "IFTA"))[0]).toBe("screen:reports");
    expect(keys(find("safety", "en", "ticket")).slice(0, 2)).toEqual([
      "screen:citations",
      "action:newCitation",
    ]);
    expect(keys(find("dispatcher", "en", "truck"))[0]).toBe("screen:vehicles");
    expect(find("driver", "en", "flat tire")[0]).toMatchObject({
      key: "action:reportDefect",
      path: "/fleet/maintenance?new=defect",
    });
    expect(keys(find("driver", "en", "fuel")).slice(0, 2)).toEqual(["screen:fuelLog", "action:logFuel"]);
    expect(keys(find("accountant", "en", "invoice a customer")).slice(0, 2)).toEqual(
      expect.arrayContaining(["screen:billCustomer", "screen:customerInvoices"]),
    );
  });

  it("in Spanish and French, with or without accents", () => {
    expect(keys(find("accountant", "es", "añadir gasto"))[0]).toBe("action:addBill");
    expect(keys(find("accountant", "es", "anadir gasto"))[0]).toBe("action:addBill");
    expect(keys(find("accountant", "es", "factura de proveedor"))).toEqual(
      expect.arrayContaining(["screen:bills", "action:addBill"]),
    );
    expect(keys(find("accountant", "es", "pagar a un conductor"))[0]).toBe("screen:settlements");
    expect(keys(find("accountant", "fr", "depense"))).toEqual(
      expect.arrayContaining(["screen:bills", "action:addBill"]),
    );
    expect(keys(find("accountant", "fr", "où ajouter une charge ?"))[0]).toBe("action:addBill");
    expect(keys(find("driver", "fr", "demander un conge"))[0]).toBe("action:requestTimeOff");
    expect(keys(find("dispatcher", "fr", "camion"))[0]).toBe("screen:vehicles");
    expect(keys(find("dispatcher", "es", "camion"))[0]).toBe("screen:vehicles");
  });

  it("offers only the actions a role's permissions allow", () => {
    const of = (role: Role) => actionsFor({ role }).map((a) => a.key);
    expect(of("driver")).toEqual(
      expect.arrayContaining([
        "logFuel",
        "requestTimeOff",
        "logMaintenance",
        "newInspection",
        "uploadDocument",
      ]),
    );
    expect(of("driver")).not.toEqual(expect.arrayContaining(["newLoad"]));
    for (const staffOnly of [
      "newLoad",
      "addBill",
      "newCustomer",
      "newDriver",
      "newCitation",
      "newLedgerEntry",
    ])
      expect(of("driver")).not.toContain(staffOnly);
    expect(of("accountant")).toContain("addBill");
    expect(of("accountant")).not.toContain("newLoad");
    expect(of("dispatcher")).toContain("newLoad");
    expect(of("dispatcher")).not.toContain("addBill");
    expect(of("customer")).toEqual([]);
    // The permissions editor took bills:write from accountants: no Add bill (the screen still opens).
    const withoutBills = {
      role: "accountant" as const,
      permissions: defaultPermissions("accountant").filter((p) => p !== "bills:write"),
    };
    expect(actionsFor(withoutBills).map((a) => a.key)).not.toContain("addBill");
    expect(keys(find("accountant", "en", "bills", withoutBills))).toEqual(["screen:bills"]);
  });

  it("has every screen's words and every action's name and words in each language", () => {
    for (const lng of ["en", "es", "fr"] as const) {
      const words = wordsIn(lng);
      for (const role of ["admin", "driver", "customer"] as const)
        for (const entry of paletteEntries({ role }, words)) {
          expect(entry.label, `${lng} ${entry.key}`).not.toBe("");
          if (entry.group === "action")
            expect(entry.synonyms.length, `${lng} ${entry.key}`).toBeGreaterThan(2);
        }
    }
  });
});
