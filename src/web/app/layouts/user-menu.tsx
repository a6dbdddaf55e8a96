import { ROUTES } from "@shared/access";
import type { Me } from "@shared/auth/auth.schema";
import { ChevronDown, KeyRound, LogOut, UserRoundCog } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Badge } from "../../components/ui/badge";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { wipeDay } from "../../lib/offline-day/day-store";
import { broadcastAuthEvent, goToSignIn, signOut } from "../../lib/session";
import { notify } from "../../lib/toast";

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0][0], parts[parts.length - 1][0]] : [parts[0]?.[0] ?? "?"];
  return letters.join("").toUpperCase();
}

export function UserMenu({ me }: { me: Me }) {
  const { t } = useTranslation(["common", "auth"]);
  const navigate = useNavigate();

  async function onSignOut() {
    try {
      await signOut(me);
      // The day kept for offline use goes with the session: the next person on this phone never sees
      // it (decision 062).
      await wipeDay().catch(() => undefined);
    } catch {
      notify({ title: t("auth:signOut.failed"), variant: "error" });
      return;
    }
    // The other tabs sign out too; this one loads the sign-in document (decision 022).
    broadcastAuthEvent("SIGNED_OUT");
    goToSignIn();
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="inline-flex h-9 shrink-0 items-center gap-2 rounded-full py-1 pl-1 pr-1 text-left max-md:h-11 max-md:min-w-11 max-md:justify-center hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=open]:bg-slate-100 sm:pr-2.5"
        aria-label={t("shell.userMenu", { name: me.user.name })}
        data-testid="user-menu"
      >
        {/*
          The initials are drawn, not written (CSS content): as text they would be words on the button
          that its name ("Account menu for Dan Carter") lacks, which WCAG 2.5.3 (label in name) refuses.
        */}
        <span
          className="grid size-7 place-items-center rounded-full bg-brand-700 text-xs font-semibold text-white before:content-[attr(data-initials)]"
          data-initials={initialsOf(me.user.name)}
          aria-hidden
        />
        <span className="hidden max-w-40 truncate text-sm font-medium text-slate-700 sm:block">
          {me.user.name}
        </span>
        <ChevronDown className="hidden size-3.5 text-slate-500 sm:block" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <div className="px-2 py-2">
          <p className="truncate text-sm font-semibold text-slate-900">{me.user.name}</p>
          <p className="truncate text-xs text-slate-500">{me.user.email}</p>
          <Badge tone="info" className="mt-2">
            {t(`roles.${me.role}`)}
          </Badge>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(ROUTES.profile.path)} data-testid="my-profile">
          <UserRoundCog className="text-slate-500" aria-hidden />
          {t("nav:profile")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(ROUTES.changePassword.path)}>
          <KeyRound className="text-slate-500" aria-hidden />
          {t("nav:changePassword")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void onSignOut()} data-testid="sign-out">
          <LogOut className="text-slate-500" aria-hidden />
          {t("auth:signOut.action")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
