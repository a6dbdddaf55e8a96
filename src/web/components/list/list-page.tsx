import type { ComponentProps, ReactNode } from "react";
import { PageHeader } from "../page-header";
import { ExportMenu } from "./export-menu";

/**
 * A list screen's frame: the page's width and spacing, its header (title, description, actions) and
 * then the screen's panel and dialogs as children. `exportMenu` is the list's ExportMenu, placed first
 * among the actions as on every list; a screen that orders its actions otherwise passes the menu in
 * `actions` itself.
 */
export function ListPage({
  title,
  description,
  exportMenu,
  actions,
  children,
}: {
  title: string;
  description?: string;
  exportMenu?: ComponentProps<typeof ExportMenu>;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={title}
        description={description}
        actions={
          exportMenu ? (
            <>
              <ExportMenu {...exportMenu} />
              {actions}
            </>
          ) : (
            actions
          )
        }
      />
      {children}
    </div>
  );
}
