import type { Role } from "../../shared/access";

/** The signed-in user an operation runs for. Services take it as their first argument. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  role: Role;
  mustChangePassword: boolean;
  sessionId: string;
  sessionExpiresAt: Date;
  /** Set while an admin browses as this user. */
  impersonator: { id: string; email: string } | null;
  ip: string | null;
}

export interface AppEnv {
  Variables: {
    actor: Actor | null;
    ip: string | null;
  };
}
