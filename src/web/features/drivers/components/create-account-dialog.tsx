import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CreateDriverAccountInput,
  createDriverAccountSchema,
  type DriverDetail,
} from "@shared/drivers/management.schema";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useCreateDriverAccount } from "../api/drivers";
import { useDriverMessages } from "../driver-messages";

/** A sign-in account for a driver who has none: their email and a temporary password. */
export function CreateAccountDialog({
  open,
  onOpenChange,
  driver,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  driver: DriverDetail;
}) {
  const { t } = useTranslation("drivers");
  const messages = useDriverMessages();
  const create = useCreateDriverAccount(driver.id);
  const form = useForm<CreateDriverAccountInput>({
    resolver: zodResolver(createDriverAccountSchema),
    defaultValues: { email: driver.email ?? "", password: "" },
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) reset({ email: driver.email ?? "", password: "" });
    wasOpen.current = open;
  }, [open, driver.email, reset]);

  const onValid = (values: CreateDriverAccountInput) =>
    create.mutate(values, {
      onSuccess: () => {
        notify({
          title: t("account.created"),
          description: t("account.createdText", { email: values.email }),
          variant: "success",
        });
        onOpenChange(false);
      },
      onError: (error) => {
        if (isApiError(error, 400) || isApiError(error, 409)) {
          for (const name of ["email", "password"] as const) {
            if (error.fields[name]) setError(name, { type: "server", message: error.fields[name] });
          }
        }
        notify({ title: t("account.failed"), description: messages.error(error), variant: "error" });
      },
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !create.isPending && onOpenChange(next)}
      title={t("account.title", { name: driver.fullName })}
      description={t("account.description")}
      closeLabel={t("common:actions.close")}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" form="driver-account-form" disabled={create.isPending}>
            {create.isPending ? <Spinner className="text-current" /> : null}
            {t("account.submit")}
          </Button>
        </>
      }
    >
      <form id="driver-account-form" noValidate onSubmit={handleSubmit(onValid)} className="grid gap-4">
        <Field label={t("fields.email")} error={messages.field(formState.errors.email?.message)}>
          <Input type="email" autoComplete="off" {...register("email")} />
        </Field>
        <Field
          label={t("fields.temporaryPassword")}
          error={messages.field(formState.errors.password?.message)}
          hint={t("form.passwordHint")}
        >
          <Input type="password" autoComplete="new-password" {...register("password")} />
        </Field>
      </form>
    </Dialog>
  );
}
