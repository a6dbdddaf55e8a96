import { Check, Copy, ExternalLink } from "lucide-react";
import { useId, useState } from "react";
import { notify } from "../lib/toast";
import { Button } from "./ui/button";
import { Input } from "./ui/input";

/** The words of a link shown once, in the screen's own namespace. */
export interface CopyLinkWords {
  /** The field's accessible name. */
  url: string;
  copy: string;
  /** On the button once the link is copied. */
  copiedShort: string;
  /** The toast once the link is copied. */
  copied: string;
  /** The toast when the browser refuses the clipboard (the field is selected instead). */
  copyManually: string;
  /** When given, a button beside Copy opens the link in a new tab. */
  open?: string;
}

/**
 * A public link shown once (the server keeps only its token's hash): the URL read-only, selected on
 * focus, with a Copy button. Its two or three rows sit in the caller's grid.
 */
export function CopyLinkField({
  url,
  words,
  testId,
  copyTestId,
}: {
  url: string;
  words: CopyLinkWords;
  testId?: string;
  copyTestId?: string;
}) {
  const id = useId();
  // The link that was copied: a new one offers "Copy" again.
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(url);
      notify({ title: words.copied, variant: "success" });
    } catch {
      // No clipboard permission (or not a secure context): the field is selected for a manual copy.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      notify({ title: words.copyManually });
    }
  };

  const copyButton = (
    <Button variant="outline" onClick={() => void copy()} className="bg-white" data-testid={copyTestId}>
      {copied === url ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied === url ? words.copiedShort : words.copy}
    </Button>
  );
  return (
    <>
      <Input
        id={id}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        aria-label={words.url}
        className="font-mono text-xs"
        data-testid={testId}
      />
      {words.open ? (
        <div className="grid grid-cols-2 gap-2">
          {copyButton}
          <Button variant="outline" className="bg-white" asChild>
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              {words.open}
            </a>
          </Button>
        </div>
      ) : (
        copyButton
      )}
    </>
  );
}
