import { routePath } from "@shared/access";
import { CHAT_FILE_MAX_BYTES, CHAT_MESSAGE_MAX, type ChatMessage } from "@shared/chat/chat.schema";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, CheckCheck, Clock, FileText, Paperclip, Phone, SendHorizontal, X } from "lucide-react";
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OfflineNotice } from "../../../components/offline-notice";
import { SentLateMark } from "../../../components/status/sent-late-mark";
import { Button } from "../../../components/ui/button";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Select, Textarea } from "../../../components/ui/input";
import { api } from "../../../lib/api";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { useKeptFileUrl } from "../../../lib/offline-day/kept-files";
import { useOutbox } from "../../../lib/outbox/use-outbox";
import { notify } from "../../../lib/toast";
import { useOnline } from "../../../lib/use-online";
import { chatFileUrl, useChatHistory, useChatThread, useMarkChatRead, useSendMessage } from "../api/chat";

/**
 * One driver's conversation with dispatch: history (older pages on request), live messages, the other
 * side's read receipt, and a composer for text, a photo or PDF and the load it is about.
 */
export function Conversation({
  driverId,
  asDriver,
  backTo,
}: {
  driverId: string;
  /** The reader is the driver (else staff): whose messages are "mine". */
  asDriver: boolean;
  /** Phones: back to the conversation list (staff). */
  backTo?: string;
}) {
  const { t } = useTranslation("chat");
  const thread = useChatThread(driverId);
  const history = useChatHistory(driverId);
  const markRead = useMarkChatRead(driverId);
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  const { messages } = history;
  const newestId = messages.at(-1)?.id;

  // Reading: whenever the conversation shows something unread while the page is in view.
  const unread = thread.data?.unread ?? 0;
  const { mutate: read, isPending: reading } = markRead;
  useEffect(() => {
    if (!unread || reading) return;
    const readNow = () => document.visibilityState === "visible" && read();
    readNow();
    document.addEventListener("visibilitychange", readNow);
    return () => document.removeEventListener("visibilitychange", readNow);
  }, [unread, reading, read]);

  // The newest message stays in view as messages arrive, unless the reader scrolled back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  if (thread.isError && !thread.data)
    return (
      <Alert tone="danger">
        {t("conversation.fetchFailed")} {describeError(thread.error, t)}
      </Alert>
    );
  const other = thread.data;
  const theirReadAt = asDriver ? other?.staffReadAt : other?.driverReadAt;
  const lastMine = messages.findLast((m) => m.fromDriver === asDriver);

  return (
    <section
      className="flex h-full min-h-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
      aria-label={
        other ? t("conversation.with", { name: asDriver ? t("dispatch") : other.driverName }) : undefined
      }
      data-testid="conversation"
    >
      <header className="flex min-h-14 items-center gap-2 border-b border-slate-200 px-3 py-2">
        {backTo ? (
          <Link
            to={backTo}
            className="grid size-11 place-items-center rounded-md text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-label={t("conversation.back")}
          >
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
        ) : null}
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-slate-900">
            {asDriver ? t("dispatch") : (other?.driverName ?? " ")}
          </h2>
          {!asDriver && other ? (
            <p className="truncate text-xs text-slate-500">
              <Link className="hover:underline" to={routePath("driverDetail", { driverId })}>
                {t("conversation.driverPage")}
              </Link>
            </p>
          ) : null}
        </div>
        {!asDriver && other?.driverPhone ? (
          <a
            href={`tel:${other.driverPhone}`}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            <Phone className="size-4" aria-hidden />
            <span className="hidden sm:inline">{other.driverPhone}</span>
            <span className="sr-only sm:hidden">{t("conversation.call", { phone: other.driverPhone })}</span>
          </a>
        ) : null}
      </header>
      {asDriver ? (
        <OfflineNotice shown={history.latest} className="rounded-none border-x-0 border-t-0" />
      ) : null}

      <div
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4"
        data-testid="messages"
        aria-live="polite"
      >
        {history.more ? (
          <div className="mb-3 flex justify-center">
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                pinned.current = false;
                void history
                  .loadOlder()
                  .catch(() => notify({ title: t("conversation.fetchFailed"), variant: "error" }));
              }}
              disabled={history.loadingOlder}
              data-testid="older-messages"
            >
              {history.loadingOlder ? <Spinner /> : null}
              {t("conversation.older")}
            </Button>
          </div>
        ) : null}
        {history.isPending ? (
          <div className="grid place-items-center py-10">
            <Spinner label={t("conversation.loading")} />
          </div>
        ) : history.isError && messages.length === 0 ? (
          <Alert tone="danger">{t("conversation.fetchFailed")}</Alert>
        ) : messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-500">
            {asDriver ? t("conversation.emptyDriver") : t("conversation.empty")}
          </p>
        ) : (
          <ol className="grid gap-2">
            {messages.map((m) => (
              <Bubble
                key={m.id}
                message={m}
                mine={m.fromDriver === asDriver}
                receipt={
                  m.id === lastMine?.id
                    ? theirReadAt && theirReadAt >= m.createdAt
                      ? t("conversation.read", { at: formatDateTime(theirReadAt) })
                      : t("conversation.sent")
                    : undefined
                }
              />
            ))}
          </ol>
        )}
        <WaitingMessages driverId={driverId} />
      </div>

      <Composer driverId={driverId} asDriver={asDriver} onSent={() => (pinned.current = true)} />
    </section>
  );
}

function Bubble({ message: m, mine, receipt }: { message: ChatMessage; mine: boolean; receipt?: string }) {
  const { t } = useTranslation("chat");
  // Offline (or the server's copy would not load), the copy kept on the phone (decision 062).
  const online = useOnline();
  const [failed, setFailed] = useState(false);
  const kept = useKeptFileUrl(chatFileUrl(m.id), !!m.attachment && (failed || !online));
  const file = kept ?? chatFileUrl(m.id);
  const image = m.attachment?.contentType.startsWith("image/") && m.attachment.contentType !== "image/heic";
  return (
    <li className={cn("flex flex-col", mine ? "items-end" : "items-start")} data-testid="message">
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-sm sm:max-w-[70%]",
          mine
            ? "rounded-br-sm bg-brand-600 text-white"
            : "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200",
        )}
      >
        {!mine ? <p className="mb-0.5 text-xs font-semibold text-slate-500">{m.senderName}</p> : null}
        {m.load ? (
          <Link
            to={routePath("loadDetail", { loadId: m.load.id })}
            className={cn(
              // A thumb's 44 px on a phone, without spacing out the bubble on a desk.
              "mb-1 flex text-xs font-medium underline max-md:min-h-11 max-md:items-center",
              mine ? "text-brand-50" : "text-brand-700",
            )}
          >
            {t("conversation.aboutLoad", { number: m.load.loadNumber })}
          </Link>
        ) : null}
        {image ? (
          <a href={file} target="_blank" rel="noreferrer" className="mb-1 block">
            <img
              src={file}
              alt={m.attachment?.fileName}
              className="max-h-64 rounded-lg object-contain"
              loading="lazy"
              onError={() => setFailed(true)}
            />
          </a>
        ) : m.attachment ? (
          <a
            href={file}
            className={cn(
              "mb-1 flex min-h-11 items-center gap-2 rounded-md px-2 py-1 underline",
              mine ? "bg-brand-700/40" : "bg-slate-100",
            )}
          >
            <FileText className="size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-all">{m.attachment.fileName}</span>
          </a>
        ) : null}
        {m.body ? <p className="whitespace-pre-wrap break-words">{m.body}</p> : null}
      </div>
      <p className="mt-0.5 flex flex-wrap items-center gap-1 px-1 text-[11px] text-slate-500">
        {/* Sent from the phone while offline: when it was written there, and when it came (issue 41). */}
        {formatDateTime(m.late ? m.occurredAt : m.createdAt)}
        <SentLateMark record={m} />
        {receipt ? (
          <>
            <span aria-hidden>·</span>
            <CheckCheck className="size-3.5" aria-hidden />
            <span data-testid="receipt">{receipt}</span>
          </>
        ) : null}
      </p>
    </li>
  );
}

function Composer({
  driverId,
  asDriver,
  onSent,
}: {
  driverId: string;
  asDriver: boolean;
  onSent: () => void;
}) {
  const { t } = useTranslation("chat");
  const send = useSendMessage(driverId);
  const [body, setBody] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [loadId, setLoadId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const loads = useQuery({
    queryKey: ["chat", "loads", driverId],
    queryFn: ({ signal }) =>
      api.get("/api/loads", {
        query: {
          driverId: asDriver ? undefined : driverId,
          page: 1,
          pageSize: 25,
          sort: "pickupAt",
          dir: "desc",
        },
        signal,
      }),
  });

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (send.isPending) return;
    if (!body.trim() && !file) {
      setError(t("composer.empty"));
      return;
    }
    setError(null);
    send.mutate(
      { body, loadId: loadId || undefined, file },
      {
        // Sent, or kept on the phone for lack of network (listed as waiting): the composer is free again.
        onSuccess: () => {
          setBody("");
          setFile(null);
          setLoadId("");
          onSent();
        },
        // The text and the file stay, so nothing typed is lost.
        onError: (err) =>
          notify({ title: t("composer.failed"), description: describeError(err, t), variant: "error" }),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-[minmax(0,1fr)] gap-2 border-t border-slate-200 p-3"
      data-testid="composer"
    >
      {file ? (
        <div className="flex items-center gap-2 rounded-md bg-slate-100 px-2 py-1 text-sm">
          <Paperclip className="size-4 shrink-0 text-slate-500" aria-hidden />
          <span className="min-w-0 flex-1 truncate">{file.name}</span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => setFile(null)}
            aria-label={t("composer.removeFile")}
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : null}
      <label className="sr-only" htmlFor={`chat-body-${driverId}`}>
        {t("composer.label")}
      </label>
      <Textarea
        id={`chat-body-${driverId}`}
        value={body}
        maxLength={CHAT_MESSAGE_MAX}
        rows={2}
        placeholder={t("composer.placeholder")}
        onChange={(e) => {
          setBody(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          // Enter sends on a keyboard; Shift+Enter is a new line (phones have their own send button).
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
        aria-invalid={!!error}
        aria-describedby={error ? `chat-error-${driverId}` : undefined}
        className="min-h-11 resize-none"
        data-testid="chat-body"
      />
      {error ? (
        <p id={`chat-error-${driverId}`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*,application/pdf"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            e.target.value = "";
            if (chosen && chosen.size > CHAT_FILE_MAX_BYTES) {
              notify({ title: t("composer.tooLarge"), variant: "error" });
              return;
            }
            setFile(chosen);
            if (error) setError(null);
          }}
          data-testid="chat-file"
        />
        <Button
          type="button"
          variant="outline"
          onClick={() => fileInput.current?.click()}
          className="min-h-11"
        >
          <Paperclip aria-hidden />
          {t("composer.attach")}
        </Button>
        <Select
          value={loadId}
          onChange={(e) => setLoadId(e.target.value)}
          aria-label={t("composer.load")}
          className="order-first min-h-11 min-w-0 basis-full sm:order-none sm:w-auto sm:max-w-56 sm:flex-1 sm:basis-auto"
          data-testid="chat-load"
        >
          <option value="">{t("composer.noLoad")}</option>
          {(loads.data?.items ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {t("composer.loadOption", { number: l.loadNumber, from: l.pickupCity, to: l.deliveryCity })}
            </option>
          ))}
        </Select>
        <Button type="submit" className="ml-auto min-h-11" disabled={send.isPending} data-testid="chat-send">
          {send.isPending ? <Spinner /> : <SendHorizontal aria-hidden />}
          {t("composer.send")}
        </Button>
      </div>
    </form>
  );
}

/** Messages written offline, kept on the phone until sent: shown last, with a clock (decision 061). */
function WaitingMessages({ driverId }: { driverId: string }) {
  const { t } = useTranslation("chat");
  const waiting = useOutbox().entries.filter(
    (e) => e.kind === "chat" && e.state !== "refused" && e.subject.driverId === driverId,
  );
  if (waiting.length === 0) return null;
  return (
    <ol className="mt-2 grid gap-2" data-testid="messages-waiting">
      {waiting.map((e) => {
        const text = e.parts?.find((p) => p.name === "body");
        const file = e.parts?.find((p) => "file" in p);
        return (
          <li key={e.id} className="flex flex-col items-end" data-testid="message-waiting">
            <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-brand-600/70 px-3.5 py-2 text-sm text-white shadow-sm sm:max-w-[70%]">
              {text && "value" in text && text.value ? (
                <p className="whitespace-pre-wrap break-words">{text.value}</p>
              ) : null}
              {file && "fileName" in file ? <p className="text-xs opacity-90">{file.fileName}</p> : null}
            </div>
            <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
              <Clock className="size-3" aria-hidden />
              <time dateTime={e.occurredAt}>{formatDateTime(e.occurredAt)}</time> ·{" "}
              {t("common:outbox.waiting")}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
