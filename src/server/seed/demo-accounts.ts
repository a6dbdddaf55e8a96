import type { Role } from "@shared/access";

export const DEMO_PASSWORD = "Demo1234!";

/** One demo account per role (two drivers and two customers), listed on the login page when present. */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  role: Role;
  name: string;
  companyName?: string;
  phone?: string;
}> = [
  { email: "admin@demo.test", role: "admin", name: "Alex Morgan" },
  { email: "manager@demo.test", role: "manager", name: "Maria Lopez" },
  { email: "dispatcher@demo.test", role: "dispatcher", name: "Dan Carter" },
  { email: "safety@demo.test", role: "safety", name: "Sam Patel" },
  { email: "accountant@demo.test", role: "accountant", name: "Ava Chen" },
  { email: "driver@demo.test", role: "driver", name: "Jake Wilson", phone: "+1 312 555 0142" },
  { email: "driver2@demo.test", role: "driver", name: "Rosa Martinez", phone: "+1 773 555 0187" },
  {
    email: "customer@demo.test",
    role: "customer",
    name: "Tom Becker",
    companyName: "Great Lakes Foods Inc.",
    phone: "+1 414 555 0110",
  },
  {
    email: "customer2@demo.test",
    role: "customer",
    name: "Claire Dubois",
    companyName: "Prairie Steel Supply LLC",
    phone: "+1 816 555 0133",
  },
];
