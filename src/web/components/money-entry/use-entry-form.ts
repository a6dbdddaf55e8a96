import { useEffect, useRef } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { ZodError } from "zod";
import { showServerErrors } from "../../lib/form-errors";
import { notify } from "../../lib/toast";

/** A feature's wording of the server's and the schema's English messages (its `use…Messages()`). */
export interface EntryMessages {
  field: (message: string | undefined) => string | undefined;
  error: (error: unknown) => string;
}

export interface EntryForm<V extends FieldValues> {
  form: UseFormReturn<V>;
  /** A field's message in the reader's language; a blank mark (" ") only flags the form, it shows nothing. */
  err: (name: Path<V>) => string | undefined;
  /** The dialog's open/close, refused while the save is under way. */
  close: (open: boolean) => void;
  pending: boolean;
  /**
   * What the shared schema refused, on the fields, and one error toast. The first message of a field
   * is shown (as the server answers); `lastIssueWins` keeps the parking forms' older habit of showing
   * the last one.
   */
  refuse: (
    error: ZodError,
    toast: { title: string; description: string },
    options?: { lastIssueWins?: boolean },
  ) => void;
  /** A refused save: the server's field messages on the fields (the typed values stay), and an error toast. */
  fail: (error: unknown, title: string) => void;
}

/**
 * The form behind a money-entry dialog (a toll, a parking expense, a ledger entry, a bill, a fill-up):
 * react-hook-form over the values the dialog shows, filled from the record being edited each time the
 * dialog opens, with the shared schema's and the server's messages mapped onto the fields. The form
 * keeps what was typed when a save is refused.
 */
export function useEntryForm<V extends FieldValues>({
  open,
  onOpenChange,
  record,
  values,
  fields,
  messages,
  pending,
  onOpened,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The record being edited (null for a new one): the form is filled again from `values` when the
   * dialog opens or this changes. Leave `values` out of the reset by passing `record: undefined` and
   * resetting in `onClosed` (the fuel form resets when it closes).
   */
  record?: unknown;
  values: () => DefaultValues<V>;
  /** The fields the form shows: schema and server messages for other names are not placed. */
  fields: readonly Path<V>[];
  messages: EntryMessages;
  pending: boolean;
  /** Extra state of the dialog to clear each time it opens (a chosen receipt, a conflict shown). */
  onOpened?: () => void;
  /** After the dialog closed (the save mutation's `reset`, or the whole form's). */
  onClosed?: () => void;
}): EntryForm<V> {
  const form = useForm<V>({ defaultValues: values() });
  const latest = useRef({ values, onOpened });
  latest.current = { values, onOpened };
  const resetsOnOpen = record !== undefined;
  const { reset } = form;
  // Read during render, so a change of the errors draws the dialog again.
  const errors = form.formState.errors;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the record is what the form is filled from; `latest` holds the callbacks.
  useEffect(() => {
    if (!open) return;
    if (resetsOnOpen) reset(latest.current.values());
    latest.current.onOpened?.();
  }, [open, record, reset, resetsOnOpen]);

  const close = (next: boolean) => {
    if (pending) return;
    onOpenChange(next);
    if (!next) onClosed?.();
  };

  const err = (name: Path<V>) => {
    const message = errors[name]?.message as string | undefined;
    return message?.trim() ? messages.field(message) : undefined;
  };

  const refuse: EntryForm<V>["refuse"] = (error, toast, options) => {
    const placed = new Set<string>();
    for (const issue of error.issues) {
      const name = String(issue.path[0]);
      if (!(fields as readonly string[]).includes(name)) continue;
      if (placed.has(name) && !options?.lastIssueWins) continue;
      placed.add(name);
      form.setError(name as Path<V>, { type: "format", message: issue.message });
    }
    notify({ ...toast, variant: "error" });
  };

  const fail = (error: unknown, title: string) => {
    showServerErrors(form.setError, fields, error);
    notify({ title, description: messages.error(error), variant: "error" });
  };

  return { form, err, close, pending, refuse, fail };
}
