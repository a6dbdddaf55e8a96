import { SIGNATURE_MAX } from "@shared/communications/communications.schema";
import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { notify } from "../../../lib/toast";
import { useSaveSignature, useSignature } from "../api/communications";
import { useCommunicationMessages } from "../communications-messages";

/** The user's email signature, added under every email they send. */
export function SignatureForm() {
  const { t } = useTranslation("communications");
  const messages = useCommunicationMessages();
  const current = useSignature();
  const save = useSaveSignature();
  const [text, setText] = useState("");
  useEffect(() => {
    if (current.data) setText(current.data.signature);
  }, [current.data]);
  return (
    <Card className="grid max-w-2xl gap-4 p-4 sm:p-6">
      <Field label={t("signature.label")} hint={t("signature.hint")}>
        <Textarea
          rows={5}
          maxLength={SIGNATURE_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("signature.placeholder")}
          // Until the saved signature is read, typing would be overwritten by it.
          disabled={current.isPending}
          data-testid="signature"
        />
      </Field>
      <div>
        <Button
          onClick={() =>
            save.mutate(text, {
              onSuccess: () => notify({ title: t("signature.saved"), variant: "success" }),
              onError: (error) =>
                notify({
                  title: t("signature.failed"),
                  description: messages.error(error),
                  variant: "error",
                }),
            })
          }
          disabled={save.isPending || current.isPending}
          data-testid="save-signature"
        >
          {save.isPending ? <Spinner /> : <Save aria-hidden />}
          {t("signature.save")}
        </Button>
      </div>
    </Card>
  );
}
