import { Children, cloneElement, isValidElement, type ReactNode, type Ref, type RefCallback } from "react";

type Props = Record<string, unknown> & { children?: ReactNode; ref?: Ref<unknown> };

function assign<T>(ref: Ref<T> | undefined, node: T) {
  if (typeof ref === "function") ref(node);
  else if (ref) ref.current = node;
}

/**
 * Renders its one child element with the slot's props merged in — `asChild` on buttons and menu
 * triggers (a Link styled as a button). The part of Radix's Slot this app uses, in a few lines, so
 * every screen does not download the rest: the child's own props win, except that class names join,
 * styles merge, both event handlers run (the child's first) and both refs are set.
 */
export function Slot({ children, ...slot }: Props) {
  const child = Children.only(children);
  if (!isValidElement<Props>(child)) return null;
  const own = child.props;
  const merged: Props = { ...slot, ...own };
  for (const key of Object.keys(slot)) {
    const outer = slot[key];
    const inner = own[key];
    if (inner === undefined || outer === undefined) continue;
    if (/^on[A-Z]/.test(key) && typeof outer === "function" && typeof inner === "function")
      merged[key] = (...args: unknown[]) => {
        const result = inner(...args);
        outer(...args);
        return result;
      };
    else if (key === "className") merged.className = `${outer} ${inner}`;
    else if (key === "style") merged.style = { ...(outer as object), ...(inner as object) };
    else if (key === "ref") {
      const both: RefCallback<unknown> = (node) => {
        assign(outer as Ref<unknown>, node);
        assign(inner as Ref<unknown>, node);
      };
      merged.ref = both;
    }
  }
  return cloneElement(child, merged);
}
