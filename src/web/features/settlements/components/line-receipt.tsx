import { RECEIPT_TYPES } from "@shared/fuel/fuel.schema";
import type { SettlementLine } from "@shared/settlements/settlements.schema";
import { Paperclip, Upload } from "lucide-react";
import { type RefObject, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { notify } from "../../../lib/toast";
import { downloadReceipt } from "../api/settlements";
import { useSettlementMessages } from "../settlements-messages";

/** The file picker's filter; the server checks the content whatever the browser lets through. */
export const RECEIPT_ACCEPT = RECEIPT_TYPES.join(",");

/** The real file input behind a button of ours (whose words are in the reader's language). */
function HiddenFileInput({
  inputRef,
  testId,
  onPick,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  testId: string;
  onPick: (file: File) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={RECEIPT_ACCEPT}
      className="sr-only"
      tabIndex={-1}
      aria-hidden
      data-testid={testId}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = "";
        if (file) onPick(file);
      }}
    />
  );
}

/**
 * A reimbursement's receipt under its line: open it, or — on a draft — attach or replace it.
 * Without one, the line says so, so nobody approves a reimbursement blind.
 */
export function LineReceipt({
  settlementId,
  line,
  onAttach,
  attaching,
}: {
  settlementId: string;
  line: SettlementLine;
  onAttach?: (file: File) => void;
  attaching: boolean;
}) {
  const { t } = useTranslation("settlements");
  const messages = useSettlementMessages();
  const input = useRef<HTMLInputElement>(null);
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await downloadReceipt(settlementId, line.id, line.receiptFileName ?? "receipt");
    } catch (error) {
      notify({ title: t("receipt.openFailed"), description: messages.error(error), variant: "error" });
    } finally {
      setOpening(false);
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid={`receipt-${line.id}`}>
      {line.hasReceipt ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto min-w-0 px-0 py-0.5"
          onClick={() => void open()}
          disabled={opening}
          aria-label={t("receipt.open", { name: line.receiptFileName ?? "" })}
        >
          {opening ? <Spinner className="text-current" /> : <Paperclip aria-hidden />}
          <span className="truncate">{line.receiptFileName}</span>
        </Button>
      ) : (
        <span className="text-xs font-medium text-amber-700">{t("receipt.none")}</span>
      )}
      {onAttach ? (
        <>
          <HiddenFileInput inputRef={input} testId={`receipt-input-${line.id}`} onPick={onAttach} />
          <Button
            variant="ghost"
            size="sm"
            className="h-auto px-1 py-0.5 text-xs"
            onClick={() => input.current?.click()}
            disabled={attaching}
          >
            <Upload aria-hidden />
            {line.hasReceipt ? t("receipt.replace") : t("receipt.attach")}
          </Button>
        </>
      ) : null}
    </span>
  );
}

/** The add-line form's receipt picker: a button in the reader's language and the chosen file's name. */
export function ReceiptPicker({
  file,
  onChange,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation("settlements");
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="grid gap-1">
      <span className="text-sm font-medium text-slate-900">{t("receipt.label")}</span>
      <HiddenFileInput inputRef={input} testId="add-line-receipt" onPick={onChange} />
      <span className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="border-dashed"
          onClick={() => input.current?.click()}
        >
          <Paperclip aria-hidden />
          {file ? t("receipt.change") : t("receipt.choose")}
        </Button>
        {file ? <span className="min-w-0 truncate text-sm text-slate-700">{file.name}</span> : null}
      </span>
      <span className="text-xs text-slate-500">{t("receipt.hint")}</span>
    </div>
  );
}
