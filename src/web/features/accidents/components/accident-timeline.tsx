import type { AccidentDetail, AccidentEntry } from "@shared/accidents/accidents.schema";
import { ACCIDENT_MESSAGES } from "@shared/accidents/accidents.schema";
import {
  ArrowRight,
  FilePlus2,
  ImageMinus,
  ImagePlus,
  MessageSquareText,
  PencilLine,
  RefreshCcw,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useSafetyMessages } from "../../citations/safety-messages";
import { useAddAccidentNote } from "../api/accidents";
import { ClaimStatusBadge } from "./claim-status-badge";

const ICONS = {
  created: FilePlus2,
  note: MessageSquareText,
  status: RefreshCcw,
  updated: PencilLine,
  image_added: ImagePlus,
  image_removed: ImageMinus,
} as const;

/** Adds a note to the timeline; notes are append-only (never edited or removed). */
export function AddNoteForm({ accidentId }: { accidentId: string }) {
  const { t } = useTranslation("accidents");
  const messages = useSafetyMessages();
  const add = useAddAccidentNote(accidentId);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();

  const submit = () => {
    if (!body.trim()) {
      setError(messages.field(ACCIDENT_MESSAGES.noteRequired));
      return;
    }
    add.mutate(body.trim(), {
      onSuccess: () => {
        setBody("");
        notify({ title: t("notes.added"), variant: "success" });
      },
      onError: (err) =>
        notify({ title: t("notes.failed"), description: messages.error(err), variant: "error" }),
    });
  };

  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field label={t("notes.label")} error={error} hint={t("notes.hint")}>
        <Textarea
          rows={3}
          maxLength={2000}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            setError(undefined);
          }}
          data-testid="accident-note-input"
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending} data-testid="add-note">
          {add.isPending ? <Spinner className="text-current" /> : <MessageSquareText aria-hidden />}
          {t("notes.add")}
        </Button>
      </div>
    </form>
  );
}

/** Everything that happened to the report and its claim, newest first, with who and when. */
export function AccidentTimeline({ entries }: { entries: AccidentDetail["timeline"] }) {
  const { t } = useTranslation("accidents");
  const ordered = [...entries].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  );
  if (!ordered.length) return <p className="text-sm text-slate-500">{t("timeline.empty")}</p>;
  return (
    <ol className="grid" data-testid="accident-timeline">
      {ordered.map((entry, index) => {
        const Icon = ICONS[entry.kind];
        return (
          <li
            key={entry.id}
            className="relative flex gap-3 pb-5 last:pb-0"
            data-testid="timeline-entry"
            data-kind={entry.kind}
          >
            {index === ordered.length - 1 ? null : (
              <span className="absolute left-[13px] top-8 bottom-0 w-px bg-slate-200" aria-hidden />
            )}
            <span className="relative grid size-7 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600 ring-4 ring-white">
              <Icon className="size-3.5" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <EntryTitle entry={entry} />
              <p className="mt-0.5 text-xs text-slate-500">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                {" · "}
                {entry.authorName ?? t("timeline.system")}
              </p>
              {entry.body ? (
                <p className="mt-1.5 whitespace-pre-wrap rounded-md bg-slate-50 px-2.5 py-1.5 text-sm text-slate-700">
                  {entry.body}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function EntryTitle({ entry }: { entry: AccidentEntry }) {
  const { t } = useTranslation("accidents");
  const text = "text-sm font-medium text-slate-900";
  switch (entry.kind) {
    case "created":
      return <p className={text}>{t("timeline.created")}</p>;
    case "note":
      return <p className={text}>{t("timeline.note")}</p>;
    case "status":
      return (
        <p className={`${text} flex flex-wrap items-center gap-1.5`}>
          {entry.toStatus === "closed" ? t("timeline.closed") : t("timeline.reopened")}
          {entry.fromStatus ? <ClaimStatusBadge status={entry.fromStatus} /> : null}
          <ArrowRight className="size-3.5 text-slate-500" aria-label={t("timeline.to")} />
          {entry.toStatus ? <ClaimStatusBadge status={entry.toStatus} /> : null}
        </p>
      );
    case "updated":
      return (
        <p className={text}>
          {t("timeline.updated", {
            fields: (entry.fields ?? [])
              .map((f) => t(`timeline.fields.${f}`, { defaultValue: f }))
              .join(", "),
          })}
        </p>
      );
    case "image_added":
      return <p className={text}>{t("timeline.imageAdded", { name: entry.fileName ?? "" })}</p>;
    case "image_removed":
      return <p className={text}>{t("timeline.imageRemoved", { name: entry.fileName ?? "" })}</p>;
  }
}
