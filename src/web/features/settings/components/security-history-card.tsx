import type { SecurityEvent } from "@shared/auth/security-history.schema";
import { History, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list/list-pagination";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { formatDateTime } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { useSecurityHistory } from "../api/settings";
import { useSettingsMessages } from "../settings-messages";

/** An admin entered the account as the user: shown with a warning mark. */
const BY_AN_ADMIN = new Set<SecurityEvent["action"]>([
  "impersonation.started",
  "impersonation.started_two_factor",
]);

/**
 * The signed-in user's security history (Profile → Security): password and two-factor changes, role
 * changes, and every time an administrator browsed as them — with two-factor sign-in skipped, said so.
 */
export function SecurityHistoryCard() {
  const { t } = useTranslation("settings");
  const messages = useSettingsMessages();
  const userId = useMe().data?.user.id;
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const history = useSecurityHistory(userId, paging.page, paging.pageSize);

  const who = (e: SecurityEvent) =>
    e.bySelf
      ? e.impersonatorEmail
        ? t("securityHistory.byAdminAsYou", { email: e.impersonatorEmail })
        : t("securityHistory.byYou")
      : t("securityHistory.by", { email: e.byEmail ?? t("securityHistory.system") });

  return (
    <Card className="grid max-w-2xl gap-4 p-4 sm:p-6" data-testid="security-history">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-slate-100 text-slate-700">
          <History className="size-5" aria-hidden />
        </span>
        <div className="grid gap-1">
          <h2 className="text-base font-semibold text-slate-900">{t("securityHistory.title")}</h2>
          <p className="text-sm text-slate-600">{t("securityHistory.description")}</p>
        </div>
      </div>
      {history.isPending ? (
        <Spinner label={t("securityHistory.title")} />
      ) : history.isError ? (
        <Alert tone="danger">{messages.error(history.error)}</Alert>
      ) : history.data.total === 0 ? (
        <p className="text-sm text-slate-500">{t("securityHistory.empty")}</p>
      ) : (
        <>
          <ol className="grid divide-y divide-slate-100 rounded-md border border-slate-200">
            {history.data.items.map((e) => (
              <li
                key={e.id}
                className="flex items-start gap-3 p-3"
                data-testid={`security-event-${e.action}`}
              >
                <span className="mt-0.5 grid size-4 shrink-0 place-items-center" aria-hidden>
                  {BY_AN_ADMIN.has(e.action) ? (
                    <ShieldAlert className="size-4 text-amber-600" />
                  ) : (
                    <span className="size-1.5 rounded-full bg-slate-400" />
                  )}
                </span>
                <div className="grid min-w-0 gap-0.5">
                  <p className="text-sm font-medium text-slate-900">
                    {t(`securityHistory.actions.${e.action}`)}
                  </p>
                  <p className="break-words text-xs text-slate-600">
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {who(e)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
          {history.data.total > paging.pageSize || paging.page > 1 ? (
            <ListPagination
              of={history.data}
              onChange={(patch) => setPaging((p) => ({ ...p, page: 1, ...patch }))}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}
