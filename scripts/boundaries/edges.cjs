/**
 * The named edges between server modules and between web features: "from -> to/file", each with its
 * reason. A module or feature imports another only through these (test files included); the lists
 * only shrink, and an edge no longer used fails the check. Read by `.dependency-cruiser.cjs` (the
 * rules) and `scripts/boundaries/check.ts` (the unused-edge check).
 */

/** Cross-module imports the server allows. */
const SERVER_EDGES = {
  "load-board -> loads/loads.repo": "a board load is a load: interest locks it with the loads' own lookup",
  "load-board -> loads/miles.service": "the board shows a driver's deadhead by the loads' own miles rule",
  "search -> loads/loads.repo":
    "the palette finds a load number's start by the loads list's own split of the search (loadNumberParts)",
  "push -> documents/expiry-notices":
    "the push tests run the documents' expiry job as the job queue does, to see its push",
  "dashboard -> reports/compliance":
    "the dashboard counts expiring documents by the compliance report's rule",
  "dashboard -> reports/report-kit":
    "the dashboard's week and month revenue read the report rollups the reports read (decision 066)",
  "notifications -> chat/chat.service":
    "the one events stream per browser also carries chat, and the bell's count call the chat's unread",
  "notifications -> auth/session":
    "the events stream ends when its session is signed out (the auth-change channel)",
  "drivers -> auth/accounts": "a driver with a sign-in gets an account the way every account is made",
  "drivers -> assignments/assignment-rows":
    "a driver's page lists their assignments as the assignments screen reads them",
  "registration -> auth/accounts": "an approved registration creates the customer's account",
  "users -> auth/accounts": "the admin creates accounts",
  "contracts -> auth/accounts": "a new hire creates their driver account after signing",
  "users -> auth/auth": "impersonation goes through better-auth's admin plugin",
  "accidents -> citations/safety-lookups.service": "both safety screens share one set of pickers",
  "inspections -> fleet/maintenance.service": "a failed item opens a maintenance item",
  "calendar -> drivers/driver-status": "approved time off moves the driver's status",
  "loads -> drivers/driver-status": "a trip moves the driver's status",
  "loads -> invoices/invoices.repo": "a billed load names its invoice (invoices never import loads)",
  "portal -> loads/loads.service": "accepting a load request creates the load in the same transaction",
  "portal -> loads/tracking-links.service": "the portal hands out the loads' own private tracking links",
  "portal -> loads/loads.repo": "a portal search is counted as the loads list counts one (decision 005)",
  "paperwork -> loads/paperwork-status":
    "a load's paperwork status is derived from its files, which loads own",
  "paperwork -> loads/bol-links.service": "the BOL manager hands out the loads' own public upload links",
  "statements -> invoices/invoice-pdf": "a statement lists invoices and payments (one way: billing)",
  "statements -> invoices/invoices.repo": "a statement lists invoices and payments (one way: billing)",
  "statements -> invoices/invoices.service": "a statement lists invoices and payments (one way: billing)",
  "portal -> invoices/portal-billing.service": "the portal composes the customer's billing",
  "portal -> statements/statement-files": "the portal composes the customer's billing",
  "portal -> statements/statements.service": "the portal composes the customer's billing",
  "citations -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "fleet -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "fuel -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "invoices -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "parking -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "tolls -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "settlements -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "assistant -> search/search.service":
    "the assistant's search tool is the command palette's search, run as the user",
  "assistant -> reports/reports.service": "the assistant opens only the reports the user's role may open",
  // Issue 40: live tracking.
  "tracking -> loads/stop-check-ins.service":
    "a confirmed geofence crossing sets the stop's time through the stops' own correction path",
  "public -> tracking/live-view": "the private tracking link shows the truck's coarse position and ETA",
  "portal -> tracking/live-view": "the portal's load shows the truck's coarse position and ETA",
  // Integration tests that drive another module's job or account helper directly.
  "certificates -> documents/expiry-notices":
    "the certificates test runs the documents' daily expiry job to see a certificate's notice",
  "data-management -> auth/accounts":
    "the demo-company test makes the company's own admin the way every account is made",
  "notifications -> communications/communications.service":
    "the preferences test sends the queued email the way the communications worker does",
  "notifications -> communications/sms.service":
    "the preferences test sends the queued texts the way the communications worker does",
};

/** Cross-feature imports the web allows. */
const WEB_EDGES = {
  "fuel -> tracking/sharing/current-fix":
    "a fill-up logged while the phone shares its location is placed where the phone is",
  "notifications -> chat/api/chat-live":
    "the one events stream per browser hands chat events to the chat screen's cached conversations",
  "notifications -> tracking/api/tracking-live":
    "the one events stream per browser hands a truck's new position to the open dispatch map",
  "loads -> tracking/components/load-tracking-panel": "the load page shows the truck and ETA",
  "portal -> tracking/components/live-position": "the portal shows the coarse position",
  "public -> tracking/components/live-position": "the private tracking link shows the coarse position",
  "accidents -> citations/components/safety-picker": "both safety screens share one picker",
  "accidents -> citations/components/controlled-safety-picker": "both safety screens share one picker",
  "accidents -> citations/safety-messages": "both safety screens share one message map",
  "dashboard -> loads/api/loads": "the dashboards read loads",
  "dashboard -> loads/components/driver-load-actions":
    "the driver acts on the current load from the dashboard",
  "dashboard -> loads/components/load-event-text": "the dashboard shows the load's last event",
  "dashboard -> loads/components/next-stop-card": "the driver checks in at the next stop from the dashboard",
  "dashboard -> audit/components/audit-words":
    "the recent activity is audit entries, worded in the reader's language as the audit log words them",
  "load-board -> loads/api/loads": "showing interest refreshes the loads (one key tree for dispatch)",
  "loads -> locations/api/locations": "a stop is picked from (and saved to) the address book",
  "dashboard -> settlements/components/my-settlements":
    "a driver reads their own settlements on their dashboard",
  "drivers -> loads/components/load-skeletons": "a driver's loads tab reuses the loads' loading states",
  "paperwork -> loads/api/loads": "a BOL decision refreshes the load's own page",
  "statements -> invoices/billing-messages": "a statement is billing: one way, statements to invoices",
  "statements -> invoices/components/billing-customer-picker":
    "a statement is billing: one way, statements to invoices",
  "registration -> users/components/user-form-errors": "a rejection's reason is checked like the user forms",
  "portal -> invoices/api/invoices": "the portal's billing tab lists the customer's invoices",
  "portal -> invoices/billing-messages": "the portal's billing tab lists the customer's invoices",
  "portal -> invoices/components/invoice-status-badge": "an invoice's status looks the same everywhere",
  "portal -> statements/api/statements": "the portal's billing tab shows the customer's statement",
  "portal -> statements/components/statement-view": "the portal's billing tab shows the customer's statement",
  "settings -> notifications/components/notification-preferences":
    "Settings and the profile show the user's own notification choices (the centre's dialog)",
  "settings -> communications/components/automated-switches":
    "Settings → Notifications shows the hub's automated-notification switches",
  "settings -> communications/components/signature-form": "Settings → Signature is the hub's signature form",
};

module.exports = { SERVER_EDGES, WEB_EDGES };
