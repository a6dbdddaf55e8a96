/**
 * The navigation state a create passes on its way to the new record's page:
 * `navigate(routePath("loadDetail", { loadId }), { state: AFTER_CREATE })`. The shell then moves the
 * keyboard focus to that page's heading, so a keyboard or screen-reader user lands on (and hears)
 * the record they just made instead of the top of a page whose form and button have gone
 * (`app/layouts/use-heading-focus.ts`; the constant stands apart so the pages that pass it do not
 * share a chunk with the shell's hook).
 */
export const AFTER_CREATE = { focusHeading: true } as const;
