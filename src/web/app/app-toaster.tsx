import { TOAST_DURATION_MS, TOAST_LIMIT } from "@shared/i18n/i18n.config";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Toaster, toast } from "sonner";
import { toasterMounted } from "../lib/toast";

/**
 * Where `notify` (lib/toast) shows its toasts: one at a time for 5000 ms (spec section 9). Loaded
 * after the first paint (the app's providers and the sign-in page render it lazily); `notify` waits
 * until it listens. A default export too, for `lazy`.
 */
export function AppToaster() {
  const { t } = useTranslation();
  // After the Toaster's own effect (a child's effects run first): it subscribes there.
  useEffect(() => toasterMounted(toast), []);
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

export default AppToaster;
