import { ROUTES } from "@shared/access";
import { Suspense } from "react";
import { Link, Outlet } from "react-router";
import { PageLoading } from "../../features/system/components/status-screens";
import { PublicFrame } from "./public-frame";
import { useDocumentTitle } from "./use-document-title";

/** Registration and the public links customers receive: no session needed. */
export function PublicLayout() {
  useDocumentTitle();
  return (
    <PublicFrame
      home={(brand, className) => (
        // The sign-in page is a document of its own (decision 022): a full load, not a route change.
        <Link to={ROUTES.login.path} reloadDocument className={className}>
          {brand}
        </Link>
      )}
    >
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </PublicFrame>
  );
}
