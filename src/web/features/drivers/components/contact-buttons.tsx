import { Mail, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { notify } from "../../../lib/toast";

/**
 * Call and email a driver. With no number or address on file the spec's toasts say so
 * ("No Phone Number" / "No Email Found") instead of opening an empty dialer or mail app.
 */
export function ContactButtons({
  phone,
  email,
  size = "default",
  className,
}: {
  phone: string | null;
  email: string | null;
  size?: "default" | "sm";
  className?: string;
}) {
  const { t } = useTranslation("drivers");
  const call = () => {
    if (!phone) {
      notify({ title: t("contact.noPhone"), description: t("contact.noPhoneText"), variant: "error" });
      return;
    }
    window.location.href = `tel:${phone.replace(/[^\d+]/g, "")}`;
  };
  const mail = () => {
    if (!email) {
      notify({ title: t("contact.noEmail"), description: t("contact.noEmailText"), variant: "error" });
      return;
    }
    window.location.href = `mailto:${email}`;
  };
  return (
    <div className={className ?? "flex gap-2"}>
      <Button
        variant="outline"
        size={size}
        onClick={call}
        data-testid="call-driver"
        title={phone ?? undefined}
      >
        <Phone aria-hidden />
        {t("contact.call")}
      </Button>
      <Button
        variant="outline"
        size={size}
        onClick={mail}
        data-testid="email-driver"
        title={email ?? undefined}
      >
        <Mail aria-hidden />
        {t("contact.email")}
      </Button>
    </div>
  );
}
