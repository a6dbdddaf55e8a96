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
