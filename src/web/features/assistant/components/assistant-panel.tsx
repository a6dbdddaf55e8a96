import { ROUTES } from "@shared/access";
import type { AssistantEvent, AssistantProposal } from "@shared/assistant/assistant.schema";
import { ArrowUpRight, Check, SendHorizontal, X } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { ROUTE_KEYS, routeTitleKey } from "../../../lib/navigation";
import { notify } from "../../../lib/toast";
import { askAssistant, changeLoadStatus, useAssistantStatus } from "../api/assistant";

/** The screen a path opens (for the "Opened …" line), or null for one the table does not name. */
function screenOf(path: string) {
  const clean = path.split(/[?#]/)[0];
  return (
    ROUTE_KEYS.find((k) => new RegExp(`^${ROUTES[k].path.replace(/:\w+/g, "[^/]+")}$`).test(clean)) ?? null
  );
}

type Turn = {
  id: number;
  role: "user" | "assistant";
  content: string;
  opened?: string[];
  proposals?: { proposal: AssistantProposal; state: "open" | "done" | "dismissed" }[];
  failed?: boolean;
};

/**
 * The AI assistant panel (every staff and driver screen): the user asks in their language; the answer
 * streams in, pages it opens open at once, and a change it proposes waits on a card for the user to
 * confirm (the normal API checks it again). Without a provider it says "not configured".
 */
export function AssistantPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(["assistant", "loads"]);
  const navigate = useNavigate();
  const status = useAssistantStatus(open);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const abort = useRef<AbortController | null>(null);
  const nextId = useRef(0);
  useEffect(() => {
    if (turns.length > 0) end.current?.scrollIntoView({ block: "end" });
  }, [turns]);
  useEffect(() => () => abort.current?.abort(), []);

  const update = (fn: (last: Turn) => Turn) =>
    setTurns((all) => [...all.slice(0, -1), fn(all[all.length - 1])]);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const question = draft.trim();
    if (!question || busy) return;
    const history = [...turns, { id: nextId.current++, role: "user" as const, content: question }];
    setTurns([...history, { id: nextId.current++, role: "assistant", content: "" }]);
    setDraft("");
    setBusy(true);
    abort.current = new AbortController();
    const onEvent = (event: AssistantEvent) => {
      if (event.type === "text") update((last) => ({ ...last, content: last.content + event.text }));
      else if (event.type === "navigate") {
        update((last) => ({ ...last, opened: [...(last.opened ?? []), event.path] }));
        navigate(event.path);
        // On a phone the panel covers the page it just opened.
        if (window.matchMedia("(max-width: 639px)").matches) onClose();
      } else if (event.type === "proposal")
        update((last) => ({
          ...last,
          proposals: [...(last.proposals ?? []), { proposal: event.proposal, state: "open" }],
        }));
      else if (event.type === "error") update((last) => ({ ...last, failed: true }));
    };
    try {
      await askAssistant(
        {
          messages: history.filter((m) => m.content).map(({ role, content }) => ({ role, content })),
          language: (["en", "es", "fr"].includes(i18n.language) ? i18n.language : "en") as "en" | "es" | "fr",
        },
        onEvent,
        abort.current.signal,
      );
    } catch (err) {
      if ((err as Error).name !== "AbortError") {
        if (isApiError(err, 409, "ASSISTANT_NOT_CONFIGURED")) void status.refetch();
        update((last) => ({ ...last, failed: true }));
      }
    } finally {
      setBusy(false);
    }
  }

  async function confirm(turn: number, index: number, proposal: AssistantProposal) {
    try {
      await changeLoadStatus(proposal.loadId, proposal.status);
      setTurns((all) =>
        all.map((t2, i) =>
          i === turn
            ? { ...t2, proposals: t2.proposals?.map((p, j) => (j === index ? { ...p, state: "done" } : p)) }
            : t2,
        ),
      );
      notify({ title: t("proposal.done", { load: proposal.loadNumber }), variant: "success" });
    } catch (err) {
      notify({ title: t("proposal.failed"), description: (err as Error).message, variant: "error" });
    }
  }
  const dismiss = (turn: number, index: number) =>
    setTurns((all) =>
      all.map((t2, i) =>
        i === turn
          ? {
              ...t2,
              proposals: t2.proposals?.map((p, j) => (j === index ? { ...p, state: "dismissed" } : p)),
            }
          : t2,
      ),
    );

  if (!open) return null;
  const configured = status.data?.configured;
  // Into the body: the header it opens from blurs its backdrop, which would make it the panel's frame.
  return createPortal(
    <aside
      aria-label={t("title")}
      className="fixed inset-x-0 top-14 bottom-0 z-40 flex flex-col border-l border-slate-200 bg-white shadow-xl sm:left-auto sm:w-[26rem]"
      data-testid="assistant-panel"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-2">
        <h2 className="flex-1 text-sm font-semibold text-slate-900">{t("title")}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("close")}
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden className="size-4" />
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3" aria-live="polite">
        {status.isPending ? <Spinner label={t("title")} /> : null}
        {status.data && !configured ? (
          <div
            className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="assistant-not-configured"
          >
            <p className="font-medium">{t("notConfigured")}</p>
            <p>{t(status.data.canConfigure ? "notConfiguredAdmin" : "notConfiguredUser")}</p>
            {status.data.canConfigure ? (
              <Link
                to="/settings?tab=assistant"
                className="font-medium text-brand-700 hover:underline"
                onClick={onClose}
              >
                {t("openSettings")}
              </Link>
            ) : null}
          </div>
        ) : null}
        {configured && turns.length === 0 ? (
          <div className="grid gap-2 text-sm text-slate-600">
            <p>{t("intro")}</p>
            <ul className="grid gap-1">
              {(["example1", "example2", "example3"] as const).map((k) => (
                <li key={k}>
                  <button
                    type="button"
                    className="min-h-11 text-left text-brand-700 hover:underline"
                    onClick={() => setDraft(t(k))}
                  >
                    “{t(k)}”
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <ol className="grid gap-3">
          {turns.map((turn, i) => (
            <li key={turn.id} className={cn("grid gap-2", turn.role === "user" && "justify-items-end")}>
              {turn.content || turn.role === "user" ? (
                <p
                  className={cn(
                    "max-w-[90%] whitespace-pre-wrap rounded-lg px-3 py-2 text-sm",
                    turn.role === "user" ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900",
                  )}
                  data-testid={turn.role === "assistant" ? "assistant-answer" : undefined}
                >
                  {turn.content}
                </p>
              ) : busy && i === turns.length - 1 ? (
                <Spinner label={t("thinking")} />
              ) : null}
              {turn.opened?.map((path) => (
                <Link
                  key={path}
                  to={path}
                  className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
                >
                  <ArrowUpRight aria-hidden className="size-3.5" />
                  {t("opened", { path: screenOf(path) ? t(routeTitleKey(screenOf(path) ?? "home")) : path })}
                </Link>
              ))}
              {turn.proposals?.map(({ proposal, state }, j) => (
                <div
                  key={`${proposal.loadId}-${proposal.status}`}
                  className="grid gap-2 rounded-md border border-slate-200 p-3 text-sm"
                  data-testid="assistant-proposal"
                >
                  <p>
                    {t("proposal.loadStatus", {
                      load: proposal.loadNumber,
                      status: t(`loads:status.${proposal.status}`),
                    })}
                  </p>
                  {state === "open" ? (
                    <div className="flex gap-2">
                      <Button size="sm" onClick={() => confirm(i, j, proposal)}>
                        <Check aria-hidden />
                        {t("proposal.confirm")}
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => dismiss(i, j)}>
                        {t("proposal.dismiss")}
                      </Button>
                    </div>
                  ) : (
                    <p className="text-xs text-slate-500">
                      {t(state === "done" ? "proposal.confirmed" : "proposal.dismissed")}
                    </p>
                  )}
                </div>
              ))}
              {turn.failed ? (
                <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
                  {t("apology")}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
        <div ref={end} />
      </div>
      <form onSubmit={send} className="flex items-end gap-2 border-t border-slate-200 p-3">
        <Textarea
          rows={2}
          value={draft}
          disabled={!configured}
          aria-label={t("ask")}
          placeholder={t("ask")}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
          className="min-h-11 flex-1 resize-none"
          data-testid="assistant-input"
        />
        <Button
          type="submit"
          disabled={!configured || busy || !draft.trim()}
          className="size-11 p-0"
          aria-label={t("send")}
          data-testid="assistant-send"
        >
          {busy ? <Spinner /> : <SendHorizontal aria-hidden />}
        </Button>
      </form>
    </aside>,
    document.body,
  );
}
