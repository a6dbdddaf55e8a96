/**
 * The translation namespaces each feature's screens read, their own files' and the files they import
 * from other features (beyond the preloaded `common` and `nav`).
 * The router loads them together with a screen's code, so the screen renders without waiting for
 * them after its first paint (src/web/lib/i18n.test.ts keeps this table equal to what the
 * features' `useTranslation` calls name).
 */
export const FEATURE_NAMESPACES: Record<string, readonly string[]> = {
  accidents: ["accidents", "loads", "safety"],
  accounting: ["accounting", "loads"],
  announcements: ["announcements"],
  // The assistant panel (opened from the shell, which loads its words with its code).
  assistant: ["assistant", "loads"],
  assignments: ["assignments"],
  audit: ["accidents", "accounting", "admin", "citations", "drivers", "invoices", "loads"],
  auth: ["auth"],
  calendar: ["calendar"],
  chat: ["chat"],
  communications: ["communications", "loads"],
  certificates: ["certificates", "loads"],
  citations: ["citations", "loads", "safety"],
  contracts: ["contracts", "loads"],
  customers: ["customers", "geo", "loads"],
  "data-management": ["data-management"],
  dashboard: ["admin", "dashboard", "loads", "settlements"],
  documents: ["documents"],
  drivers: ["calendar", "citations", "drivers", "loads"],
  fleet: ["fleet", "inspections"],
  fuel: ["fuel", "geo", "loads"],
  inspections: ["inspections", "loads"],
  invoices: ["invoices", "loads"],
  "load-board": ["board"],
  loads: ["geo", "loads", "tracking"],
  locations: ["geo", "loads", "locations"],
  meetings: ["meetings"],
  // The command palette (opened from the shell, which loads its words with its code).
  search: ["search"],
  settings: ["communications", "geo", "notifications", "settings"],
  notifications: ["notifications"],
  paperwork: ["loads", "paperwork"],
  permissions: ["permissions"],
  parking: ["loads", "parking"],
  portal: ["invoices", "loads", "portal", "statements", "tracking"],
  public: ["public", "tracking"],
  reports: [
    "accidents",
    "accounting",
    "citations",
    "drivers",
    "fleet",
    "inspections",
    "loads",
    "reports",
    "statements",
  ],
  registration: ["admin"],
  settlements: ["accounting", "loads", "settlements"],
  statements: ["invoices", "statements"],
  "tax-forms": ["tax-forms"],
  // The driver's outbox: the shell's "waiting to send" strip and list (loaded with its code, decision 061).
  sync: ["outbox"],
  system: ["system"],
  tolls: ["loads", "tolls"],
  tracking: ["loads", "sharing", "tracking"],
  users: ["admin"],
};

/** The signed-in shell's own (the user menu and the impersonation banner), loaded with its code. */
export const SHELL_NAMESPACES = ["auth"] as const;
