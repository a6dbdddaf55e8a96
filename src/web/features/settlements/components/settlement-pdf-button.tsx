import { Download } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { download } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { notify } from "../../../lib/toast";
import { useSettlementMessages } from "../settlements-messages";

/** The settlement statement as a PDF in the reader's language. */
export function SettlementPdfButton({
  id,
  number,
  className,
  size,
}: {
  id: string;
  number: string;
  className?: string;
  size?: "sm" | "default";
}) {
  const { t, i18n } = useTranslation("settlements");
  const messages = useSettlementMessages();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const lang = ["en", "es", "fr"].includes(i18n.language.slice(0, 2)) ? i18n.language.slice(0, 2) : "en";
      await download(`/api/settlements/${encodeURIComponent(id)}/pdf`, { lang }, `${number}.pdf`);
    } catch (error) {
      notify({ title: t("pdf.failed"), description: messages.error(error), variant: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      size={size}
      className={cn(className)}
      onClick={() => void run()}
      disabled={busy}
      aria-label={t("pdf.downloadLabel", { number })}
      data-testid={`settlement-pdf-${number}`}
    >
      {busy ? <Spinner className="text-current" /> : <Download aria-hidden />}
      {t("pdf.download")}
    </Button>
  );
}
