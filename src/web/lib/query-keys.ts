/**
 * One key tree for the admin screens. Every list sits under its resource key, so a mutation can
 * invalidate all pages and filters of that resource at once without knowing which are cached.
 */
export const adminKeys = {
  all: ["admin"] as const,
  users: () => [...adminKeys.all, "users"] as const,
  userList: (query: object) => [...adminKeys.users(), "list", query] as const,
  accountReviews: () => [...adminKeys.all, "account-reviews"] as const,
  accountReviewList: (query: object) => [...adminKeys.accountReviews(), "list", query] as const,
  audit: () => [...adminKeys.all, "audit"] as const,
  auditList: (query: object) => [...adminKeys.audit(), "list", query] as const,
  mail: () => [...adminKeys.all, "mail"] as const,
  mailList: (query: object) => [...adminKeys.mail(), "list", query] as const,
};

/**
 * One key tree for dispatch: every load mutation invalidates `loads`, and with it the lists, the
 * detail, the board and the driver's dashboard, all of which show load state. Here, not in the loads
 * feature, because the driver's location sharing (features/tracking) checks in at a stop too.
 */
export const loadKeys = {
  all: ["loads"] as const,
  lists: () => [...loadKeys.all, "list"] as const,
  list: (query: object) => [...loadKeys.lists(), query] as const,
  detail: (id: string) => [...loadKeys.all, "detail", id] as const,
  interests: (id: string) => [...loadKeys.all, "interests", id] as const,
  bolLinks: (id: string) => [...loadKeys.all, "bol-links", id] as const,
  trackingLinks: (id: string) => [...loadKeys.all, "tracking-links", id] as const,
  nextNumber: () => [...loadKeys.all, "next-number"] as const,
  board: (query: object) => [...loadKeys.all, "board", query] as const,
  driverDashboard: () => [...loadKeys.all, "driver-dashboard"] as const,
};
