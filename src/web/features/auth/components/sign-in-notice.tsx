import { useEffect } from "react";
import { AppToaster } from "../../../app/app-toaster";
import { type Notice, notify } from "../../../lib/toast";

/**
 * The sign-in page's toasts: the toaster and its library load with the first notice (decision 022).
 * Each new notice replaces the last, as everywhere in the app.
 */
export default function SignInNotice({ notice }: { notice: Notice }) {
  useEffect(() => {
    notify(notice);
  }, [notice]);
  return <AppToaster />;
}
