import { type ComponentType, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Deferred, deferred } from "../../lib/deferred";
import { ListError } from "../list/list-states";
import { Spinner } from "./feedback";
import { reachFor } from "./overlays";

/** Either controlled by `open`, or shown for as long as the caller renders it (closed by `onClose`). */
interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onClose?: () => void;
}

/**
 * A dialog whose code — its form, react-hook-form, the form's schema — downloads after the screen has
 * rendered, when the browser is idle, or at once when it opens (decision 023). It draws nothing while
 * closed, as every dialog does; opened before its code has arrived, it appears when the download
 * ends, and a failed download closes it again with an error toast. Declare it once, at module level:
 *
 *   const DriverFormDialog = lazyDialog(() =>
 *     import("../components/driver-form-dialog").then((m) => m.DriverFormDialog));
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const code = deferred(load);
  return (props: P) => <DeferredDialog code={code} props={props} />;
}

function DeferredDialog<P extends DialogProps>({
  code,
  props,
}: {
  code: Deferred<ComponentType<P>>;
  props: P;
}) {
  const Dialog = code.use();
  const { open = true, onOpenChange, onClose } = props;
  useEffect(() => {
    if (open) reachFor(code, () => (onOpenChange ? onOpenChange(false) : onClose?.()));
  }, [code, open, onOpenChange, onClose]);
  return Dialog ? <Dialog {...props} /> : null;
}

/**
 * A part of a screen the reader has to ask for — a tab other than the first — whose code downloads
 * after the screen has rendered, or at once when the part shows (decision 023). While it downloads the
 * part is a spinner; a failed download offers to try again.
 */
export function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const code = deferred(load);
  return (props: P) => <DeferredPanel code={code} props={props} />;
}

function DeferredPanel<P extends object>({ code, props }: { code: Deferred<ComponentType<P>>; props: P }) {
  const Panel = code.use();
  const [failed, setFailed] = useState(false);
  const { t } = useTranslation("common");
  const fetch = useCallback(() => {
    setFailed(false);
    code.load().catch(() => setFailed(true));
  }, [code]);
  useEffect(() => {
    if (!code.get()) fetch();
  }, [code, fetch]);
  if (Panel) return <Panel {...props} />;
  if (failed)
    return <ListError title={t("errors.loadFailed")} description={t("errors.network")} onRetry={fetch} />;
  return (
    <div className="grid place-items-center py-12">
      <Spinner label={t("loading")} />
    </div>
  );
}
