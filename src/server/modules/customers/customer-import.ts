import {
  CUSTOMER_IMPORT_FIELDS,
  type CustomerImportRow,
  type CustomerImportValues,
  customerImportRowSchema,
} from "@shared/customers/customers.schema";
import { fieldErrors } from "../../http/errors";

type Field = keyof CustomerImportValues;

/**
 * Header spellings each field is read from, compared without case, spaces or punctuation. The
 * spec's own column names (name, companyName, email) come first; our export's headers are included
 * so an exported file imports back.
 */
const ALIASES: Record<Field, string[]> = {
  name: ["name", "customername", "contactname", "contact", "fullname"],
  companyName: ["companyname", "company", "business", "businessname", "customercompany", "organization"],
  email: ["email", "emailaddress", "mail", "contactemail"],
  phone: ["phone", "phonenumber", "telephone", "tel", "mobile", "contactphone"],
  address: ["address", "streetaddress", "physicaladdress", "location"],
  billingAddress: ["billingaddress", "billto", "billing", "invoiceaddress"],
  paymentTermsDays: ["paymenttermsnetdays", "paymentterms", "paymenttermsdays", "terms", "netdays", "net"],
  creditLimit: ["creditlimit", "credit", "creditline"],
  notes: ["notes", "note", "comments", "comment", "remarks"],
};

export const REQUIRED_COLUMNS: Field[] = ["name", "companyName", "email"];

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

export interface ColumnMap {
  /** field → the header it is read from */
  byField: Partial<Record<Field, string>>;
  mapped: Array<{ header: string; field: string }>;
  ignored: string[];
  missing: Field[];
}

/** Which header feeds which field; the first matching header wins, in alias order. */
export function mapColumns(headers: string[]): ColumnMap {
  const byField: Partial<Record<Field, string>> = {};
  const used = new Set<string>();
  for (const field of CUSTOMER_IMPORT_FIELDS) {
    for (const alias of ALIASES[field]) {
      const header = headers.find((h) => h && !used.has(h) && squash(h) === alias);
      if (header) {
        byField[field] = header;
        used.add(header);
        break;
      }
    }
  }
  return {
    byField,
    mapped: CUSTOMER_IMPORT_FIELDS.filter((f) => byField[f]).map((f) => ({
      header: byField[f] as string,
      field: f,
    })),
    ignored: headers.filter((h) => h && !used.has(h)),
    missing: REQUIRED_COLUMNS.filter((f) => !byField[f]),
  };
}

/** Our exports prefix a quote to cells that would run as formulas; reading one back drops it. */
function unescapeCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** A record of the file as the import's raw values (strings, trimmed, export escaping undone). */
export function valuesOf(record: Record<string, string>, columns: ColumnMap): CustomerImportValues {
  const out = {} as CustomerImportValues;
  for (const field of CUSTOMER_IMPORT_FIELDS) {
    const header = columns.byField[field];
    out[field] = header ? unescapeCell((record[header] ?? "").trim()).trim() : "";
  }
  return out;
}

/** "Net 30" → "30"; "$25,000.00" → "25000.00"; spreadsheets' "30.0" → "30". */
function normalise(values: CustomerImportValues): CustomerImportValues {
  const terms = values.paymentTermsDays.replace(/^net\s*/i, "").replace(/\s*days?$/i, "");
  const credit = values.creditLimit.replace(/^(usd|\$)\s*/i, "").replace(/,/g, "");
  return {
    ...values,
    paymentTermsDays: /^\d+\.0+$/.test(terms) ? terms.replace(/\.0+$/, "") : terms,
    creditLimit: /^\d+\.\d$/.test(credit) ? `${credit}0` : credit,
  };
}

export type CheckedRow = { ok: true; row: CustomerImportRow } | { ok: false; errors: Record<string, string> };

/** Validates one row with the shared import rules. */
export function checkRow(values: CustomerImportValues): CheckedRow {
  const parsed = customerImportRowSchema.safeParse(normalise(values));
  return parsed.success ? { ok: true, row: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
