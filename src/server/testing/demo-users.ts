import type { Role } from "@shared/access";

/** One demo account per role, as seeded into every test database. */
export const DEMO_BY_ROLE: Record<Role, string> = {
  admin: "admin@demo.test",
  manager: "manager@demo.test",
  dispatcher: "dispatcher@demo.test",
  safety: "safety@demo.test",
  accountant: "accountant@demo.test",
  driver: "driver@demo.test",
  customer: "customer@demo.test",
};
