import { Link2Off } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { CopyLinkField } from "../../../components/copy-link-field";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { describeError } from "../../../lib/api-errors";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";

/** What both kinds of a load's public link have: it stops when revoked or at its end. */
interface PublicLink {
  id: string;
  active: boolean;
  revokedAt: string | null;
  expiresAt: string;
}

type LinkState = "active" | "expired" | "revoked";
const stateOf = (link: PublicLink): LinkState =>
  link.revokedAt ? "revoked" : link.active ? "active" : "expired";
const TONES = { active: "success", expired: "neutral", revoked: "danger" } as const;

/**
 * The body of a load page's public-link panel (BOL upload links, tracking links): the panel's own
 * create form, the link just made (shown once: the server keeps only its token's hash), and the
 * links made so far, each active one revocable after a question. `kind` names the panel's words
 * (`<kind>Links.*` in the loads namespace, the same keys for both) and its test ids.
 */
export function PublicLinksPanel<L extends PublicLink>({
  kind,
  form,
  created,
  openable,
  query,
  items,
  revoke,
  aside,
  details,
  shown,
}: {
  kind: "bol" | "tracking";
  form: ReactNode;
  /** The link just made and the sentence under the "copy it now" title. */
  created: { url: string; text: string } | null;
  /** The link just made can be opened from here. */
  openable?: boolean;
  query: { isLoading: boolean; isError: boolean; error: unknown };
  /** Newest first. */
  items: L[];
  revoke: {
    mutate: (id: string, on: { onSuccess: () => void; onError: (error: Error) => void }) => void;
    isPending: boolean;
  };
  /** Beside a row's state badge. */
  aside: (link: L) => ReactNode;
  /** A row's second line, given when it ended or ends; the line is that alone when not given. */
  details?: (link: L, when: string) => ReactNode;
  /** How many of the newest rows show until the reader asks for all (all, when not given). */
  shown?: number;
}) {
  const { t } = useTranslation("loads");
  const words = `${kind}Links`;
  const [revoking, setRevoking] = useState<L | null>(null);
  const [showAll, setShowAll] = useState(false);
  // Every renewal leaves a revoked link behind: the newest few are enough unless asked for all.
  const rows = shown === undefined || showAll ? items : items.slice(0, shown);

  return (
    <div className="grid grid-cols-1 gap-4" data-testid={`${kind}-links`}>
      {form}

      {created ? (
        <Alert tone="info">
          <div className="grid grid-cols-1 gap-2">
            <p className="font-medium">{t(`${words}.createdTitle`)}</p>
            <p className="text-xs">{created.text}</p>
            <CopyLinkField
              url={created.url}
              words={{
                url: t(`${words}.url`),
                copy: t("publicLinks.copy"),
                copiedShort: t("publicLinks.copiedShort"),
                copied: t("publicLinks.copied"),
                copyManually: t("publicLinks.copyManually"),
                open: openable ? t("publicLinks.open") : undefined,
              }}
              testId={`${kind}-link-url`}
              copyTestId={`copy-${kind}-link`}
            />
          </div>
        </Alert>
      ) : null}

      {query.isLoading ? (
        <Spinner label={t("common:loading")} className="text-sm" />
      ) : query.isError ? (
        <p className="text-sm text-red-600">{describeError(query.error, t)}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">{t(`${words}.empty`)}</p>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
          data-testid={`${kind}-link-list`}
        >
          {rows.map((link) => {
            const state = stateOf(link);
            const when =
              state === "revoked"
                ? t("publicLinks.revokedAt", { date: formatDateTime(link.revokedAt) })
                : t(state === "expired" ? "publicLinks.expiredAt" : `${words}.expiresAt`, {
                    date: formatDateTime(link.expiresAt),
                  });
            return (
              <li key={link.id} className="flex items-center gap-3 px-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={TONES[state]}>{t(`publicLinks.state.${state}`)}</Badge>
                    {aside(link)}
                  </div>
                  <p className="mt-1 break-words text-xs text-slate-500">
                    {details ? details(link, when) : when}
                  </p>
                </div>
                {state === "active" ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-9 text-red-600 hover:bg-red-50 hover:text-red-700"
                    onClick={() => setRevoking(link)}
                  >
                    <Link2Off aria-hidden />
                    {t("publicLinks.revoke")}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {shown !== undefined && items.length > shown ? (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start"
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? t("publicLinks.showFewer") : t("publicLinks.showAll", { count: items.length })}
        </Button>
      ) : null}

      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t(`${words}.revokeTitle`)}
        description={t(`${words}.revokeText`)}
        confirmLabel={t("publicLinks.revoke")}
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notify({ title: t(`${words}.revoked`), variant: "success" });
              setRevoking(null);
            },
            onError: (error) =>
              notify({
                title: t(`${words}.revokeFailed`),
                description: describeError(error, t),
                variant: "error",
              }),
          })
        }
      />
    </div>
  );
}
