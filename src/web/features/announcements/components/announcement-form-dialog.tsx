import { STAFF_ROLES } from "@shared/access";
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_DESCRIPTION_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementInput,
  announcementInputSchema,
  type Person,
} from "@shared/announcements/announcements.schema";
import { Send, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Label, Textarea } from "../../../components/ui/input";
import { showServerErrors } from "../../../lib/form-errors";
import { notify } from "../../../lib/toast";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useAnnouncementMessages } from "../announcements-messages";
import { usePeople, useSaveAnnouncement } from "../api/announcements";

interface FormValues {
  title: string;
  description: string;
  /** Deliver now, or at the date and time below (the reader's own clock). */
  when: "now" | "later";
  date: string;
  time: string;
  audience: AnnouncementAudience;
  roles: string[];
  people: Person[];
  visibleToDrivers: boolean;
}
const FIELDS = ["title", "description", "date", "audience", "roles", "people"] as const;
const pad = (n: number) => String(n).padStart(2, "0");
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

function defaults(a: Announcement | null): FormValues {
  const next = new Date();
  next.setHours(next.getHours() + 1, 0, 0, 0);
  const at = a ? new Date(a.deliverAt) : next;
  return {
    title: a?.title ?? "",
    description: a?.description ?? "",
    when: a ? "later" : "now",
    date: localDate(at),
    time: localTime(at),
    audience: a?.audience ?? "staff",
    roles: a?.roles ?? [],
    people: a?.people ?? [],
    visibleToDrivers: a?.visibleToDrivers ?? false,
  };
}

/** Compose or edit an announcement: what it says, when it goes out, and to whom. */
export function AnnouncementFormDialog({
  open,
  announcement,
  onOpenChange,
}: {
  open: boolean;
  announcement: Announcement | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(["announcements", "common"]);
  const messages = useAnnouncementMessages();
  const save = useSaveAnnouncement(announcement?.id ?? null);
  const { register, control, handleSubmit, reset, watch, setError, formState } = useForm<FormValues>({
    defaultValues: defaults(announcement),
  });
  useEffect(() => {
    if (open) reset(defaults(announcement));
  }, [open, announcement, reset]);
  const when = watch("when");
  const audience = watch("audience");
  const errors = formState.errors;

  const submit = (v: FormValues) => {
    const deliverAt = v.when === "now" ? new Date() : new Date(`${v.date}T${v.time || "00:00"}`);
    if (Number.isNaN(deliverAt.getTime())) {
      setError("date", { message: t("errors.deliverAt") });
      return;
    }
    const input: AnnouncementInput = {
      title: v.title,
      description: v.description,
      deliverAt: deliverAt.toISOString(),
      audience: v.audience,
      roles: v.roles as AnnouncementInput["roles"],
      people: v.people.map((p) => p.id),
      visibleToDrivers: v.visibleToDrivers,
    };
    const parsed = announcementInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? "");
        const field = name === "deliverAt" ? "date" : name;
        if ((FIELDS as readonly string[]).includes(field))
          setError(field as (typeof FIELDS)[number], { message: messages.field(issue.message) });
      }
      return;
    }
    save.mutate(input, {
      onSuccess: (saved) => {
        notify({
          title:
            saved.status === "delivered"
              ? t("saved.delivered", { count: saved.recipients })
              : t("saved.scheduled"),
          variant: "success",
        });
        onOpenChange(false);
      },
      onError: (error) => {
        showServerErrors(setError, FIELDS, error);
        // The server's "time has passed" is about the date and time.
        const f = (error as { fields?: Record<string, string> }).fields;
        if (f?.deliverAt) setError("date", { message: messages.field(f.deliverAt) });
        notify({ title: t("saveFailed"), description: messages.error(error), variant: "error" });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !save.isPending && onOpenChange(next)}
      title={announcement ? t("form.editTitle") : t("form.newTitle")}
      description={t("form.help")}
      closeLabel={t("common:actions.close")}
      className="max-w-xl"
    >
      <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" data-testid="announcement-form">
        <Field label={t("form.title")} error={messages.field(errors.title?.message)}>
          <Input maxLength={ANNOUNCEMENT_TITLE_MAX} autoComplete="off" {...register("title")} />
        </Field>
        <Field
          label={t("form.description")}
          hint={t("form.optional")}
          error={messages.field(errors.description?.message)}
        >
          <Textarea rows={3} maxLength={ANNOUNCEMENT_DESCRIPTION_MAX} {...register("description")} />
        </Field>

        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">{t("form.when")}</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {(["now", "later"] as const).map((w) => (
              <label key={w} className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" value={w} {...register("when")} className="size-4" />
                {t(`form.${w}`)}
              </label>
            ))}
          </div>
          {when === "later" ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t("form.date")} error={messages.field(errors.date?.message)}>
                <Input type="date" {...register("date")} />
              </Field>
              <Field label={t("form.time")}>
                <Input type="time" {...register("time")} />
              </Field>
            </div>
          ) : errors.date ? (
            <p role="alert" className="text-sm text-red-600">
              {messages.field(errors.date.message)}
            </p>
          ) : null}
        </fieldset>

        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">{t("form.audience")}</legend>
          <div className="grid gap-1 text-sm sm:grid-cols-2">
            {ANNOUNCEMENT_AUDIENCES.map((a) => (
              <label key={a} className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" value={a} {...register("audience")} className="size-4" />
                {t(`audiences.${a}`)}
              </label>
            ))}
          </div>
          {errors.audience ? (
            <p role="alert" className="text-sm text-red-600">
              {messages.field(errors.audience.message)}
            </p>
          ) : null}
          {audience === "roles" ? (
            <Controller
              control={control}
              name="roles"
              render={({ field }) => (
                <div className="grid gap-1">
                  <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    {STAFF_ROLES.map((role) => (
                      <label key={role} className="inline-flex min-h-11 items-center gap-2">
                        <input
                          type="checkbox"
                          className="size-4"
                          checked={field.value.includes(role)}
                          onChange={(e) =>
                            field.onChange(
                              e.target.checked
                                ? [...field.value, role]
                                : field.value.filter((r) => r !== role),
                            )
                          }
                        />
                        {t(`common:roles.${role}`)}
                      </label>
                    ))}
                  </div>
                  {errors.roles ? (
                    <p role="alert" className="text-sm text-red-600">
                      {messages.field(errors.roles.message)}
                    </p>
                  ) : null}
                </div>
              )}
            />
          ) : null}
          {audience === "people" ? (
            <Controller
              control={control}
              name="people"
              render={({ field }) => (
                <PeoplePicker
                  value={field.value}
                  onChange={field.onChange}
                  error={messages.field(errors.people?.message)}
                />
              )}
            />
          ) : null}
          <label className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              {...register("visibleToDrivers")}
              data-testid="visible-to-drivers"
            />
            {t("form.visibleToDrivers")}
          </label>
        </fieldset>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="announcement-save">
            {save.isPending ? <Spinner /> : <Send aria-hidden />}
            {when === "now" ? t("form.sendNow") : t("form.schedule")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Chosen people as chips, and a search of active staff and drivers to add more. */
function PeoplePicker({
  value,
  onChange,
  error,
}: {
  value: Person[];
  onChange: (people: Person[]) => void;
  error?: string;
}) {
  const { t } = useTranslation(["announcements", "common"]);
  const [q, setQ] = useState("");
  const search = useDebouncedValue(q, 250);
  const found = usePeople(search, true);
  const chosen = new Set(value.map((p) => p.id));
  const options = (found.data?.items ?? []).filter((p) => !chosen.has(p.id));
  return (
    <div className="grid gap-2">
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("form.chosen")}>
          {value.map((p) => (
            <li
              key={p.id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-3 pr-1 text-sm"
            >
              {p.name}
              <button
                type="button"
                className="grid size-7 place-items-center rounded-full hover:bg-brand-100"
                aria-label={t("form.remove", { name: p.name })}
                onClick={() => onChange(value.filter((x) => x.id !== p.id))}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="announcement-people">{t("form.findPeople")}</Label>
        <Input
          id="announcement-people"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t("form.peopleHint")}
          aria-invalid={error ? true : undefined}
          data-testid="people-search"
        />
      </div>
      {options.length ? (
        <ul className="max-h-40 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
          {options.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="flex min-h-11 w-full items-center justify-between gap-2 px-3 text-left text-sm hover:bg-slate-50"
                onClick={() => onChange([...value, p])}
              >
                <span className="truncate">{p.name}</span>
                <span className="shrink-0 text-xs text-slate-500">{t(`common:roles.${p.role}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
