import { zodResolver } from "@hookform/resolvers/zod";
import type { UserListItem } from "@shared/users/users.schema";
import { temporaryPasswordSchema } from "@shared/users/users.schema";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { describeError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useSetTemporaryPassword } from "../api/users";
import { PasswordInput } from "./password-input";
import { userFieldError } from "./user-form-errors";

export function TemporaryPasswordDialog({
  user,
  onClose,
}: {
  user: UserListItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const setPassword = useSetTemporaryPassword();
  const { register, handleSubmit, formState, setValue, reset, getValues } = useForm<{ password: string }>({
    resolver: zodResolver(temporaryPasswordSchema),
    defaultValues: { password: "" },
  });

  useEffect(() => {
    if (user) reset({ password: "" });
  }, [user, reset]);

  const close = () => {
    if (!setPassword.isPending) onClose();
  };

  const onValid = ({ password }: { password: string }) => {
    if (!user) return;
    setPassword.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          notify({
            title: t("users.toast.passwordSet"),
            description: t("users.toast.passwordSetText", { email: user.email }),
            variant: "success",
          });
          onClose();
        },
        onError: (error) =>
          notify({
            title: t("users.toast.updateFailed"),
            description: describeError(error, t),
            variant: "error",
          }),
      },
    );
  };

  return (
    <Dialog
      open={!!user}
      onOpenChange={(open) => !open && close()}
      title={t("users.tempPassword.title")}
      description={
        user ? t("users.tempPassword.description", { name: user.name, email: user.email }) : undefined
      }
      closeLabel={t("common:actions.close")}
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-4">
        <Alert tone="warning">{t("users.tempPassword.explain")}</Alert>
        <Field
          label={t("users.tempPassword.label")}
          error={userFieldError(t, "password", formState.errors.password, getValues("password"))}
        >
          <PasswordInput
            autoFocus
            {...register("password")}
            onGenerate={(password) =>
              setValue("password", password, { shouldValidate: formState.isSubmitted })
            }
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={setPassword.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={setPassword.isPending}>
            {setPassword.isPending ? <Spinner className="text-current" /> : null}
            {t("users.tempPassword.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
