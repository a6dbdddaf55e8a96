import { TOAST_DURATION_MS, TOAST_LIMIT } from "@shared/i18n/i18n.config";
import { useTranslation } from "react-i18next";
import { Toaster } from "sonner";

/** Where `notify` (lib/toast) shows its toasts: one at a time for 5000 ms (spec section 9). */
export function AppToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      position="top-right"
      // Below the top bar (its height: app-layout's useToastsBelow), so no toast hides the header
      // or the impersonation banner's "Return to admin".
      offset={{ top: "var(--toast-top, 24px)", right: "24px" }}
      mobileOffset={{ top: "var(--toast-top, 16px)", left: "16px", right: "16px" }}
      richColors
      closeButton
      containerAriaLabel={t("shell.notifications")}
      toastOptions={{ closeButtonAriaLabel: t("actions.close") }}
    />
  );
}
