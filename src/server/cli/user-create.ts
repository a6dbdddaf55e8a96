import { randomBytes } from "node:crypto";
import { createUserSchema } from "@shared/users/users.schema";
import { createAccount, hashPassword } from "../modules/auth/accounts";
import { recordAudit } from "../platform/audit/audit";
import { parseArgs, withDatabase } from "./shared";

const USAGE =
  "Usage: npm run user:create -- --email you@company.com --role admin [--name 'Your Name'] [--password '...']";

const args = parseArgs();
const generated = !args.password;
const input = createUserSchema.safeParse({
  email: args.email,
  role: args.role ?? "admin",
  name: args.name ?? args.email?.split("@")[0] ?? "",
  password: args.password ?? randomBytes(12).toString("base64url"),
});
if (!input.success) {
  console.error(
    `${USAGE}\n${input.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
  );
  process.exit(1);
}
const { email, role, name, password } = input.data;

await withDatabase(async ({ db }) => {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const id = await createAccount(tx, { email, role, name, passwordHash, mustChangePassword: generated });
    await recordAudit(tx, null, {
      action: "user.created",
      targetType: "user",
      targetId: id,
      targetLabel: email,
      details: { role, via: "cli" },
    });
  });
  console.log(`Created ${role} ${email}.`);
  if (generated) console.log(`Temporary password: ${password}\n(they choose a new one at first sign-in)`);
});
