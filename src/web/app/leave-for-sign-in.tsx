import { useEffect } from "react";
import { FullScreenLoading } from "../features/system/components/status-screens";
import { goToSignIn } from "../lib/session";

/**
 * `/login` inside the app, or a screen that needs a session without one: the sign-in page is a
 * document of its own (decision 022), so the browser loads it. `from` is where signing in returns.
 */
export function LeaveForSignIn({ from }: { from?: { pathname: string; search: string; hash: string } }) {
  useEffect(() => {
    goToSignIn(from);
  }, [from]);
  return <FullScreenLoading />;
}
