import { PASSWORD_MIN_LENGTH } from "@shared/auth/auth.schema";
import { Eye, EyeOff, Wand2 } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "../../../components/ui/input";

// No 0/O or 1/l/I: an admin often reads a temporary password out over the phone.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
const GENERATED_LENGTH = Math.max(14, PASSWORD_MIN_LENGTH);

export function generatePassword(length = GENERATED_LENGTH): string {
  const bytes = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(bytes, (n) => ALPHABET[n % ALPHABET.length]).join("");
}

/**
 * A password box with show/hide and "generate". Generating reveals the password, since the
 * admin has to pass it on to the user.
 */
export function PasswordInput({
  onGenerate,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { onGenerate?: (password: string) => void }) {
  const { t } = useTranslation("admin");
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex gap-2">
      <div className="relative flex-1">
        <Input
          {...props}
          type={visible ? "text" : "password"}
          autoComplete="new-password"
          spellCheck={false}
          className="pr-10 font-mono"
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t("password.hide") : t("password.show")}
          aria-pressed={visible}
          className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      </div>
      {onGenerate ? (
        <button
          type="button"
          onClick={() => {
            setVisible(true);
            onGenerate(generatePassword());
          }}
          className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <Wand2 className="size-4" aria-hidden />
          {t("password.generate")}
        </button>
      ) : null}
    </div>
  );
}
