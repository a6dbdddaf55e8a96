import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}
export const THead = ({ className, ...p }: ComponentProps<"thead">) => (
  <thead className={cn("border-b border-slate-200 bg-slate-50", className)} {...p} />
);
export const TBody = ({ className, ...p }: ComponentProps<"tbody">) => (
  <tbody className={cn("divide-y divide-slate-100", className)} {...p} />
);
export const Tr = ({ className, ...p }: ComponentProps<"tr">) => (
  <tr className={cn("hover:bg-slate-50", className)} {...p} />
);
export const Th = ({ className, ...p }: ComponentProps<"th">) => (
  <th
    className={cn(
      "h-10 px-3 text-left align-middle text-xs font-semibold uppercase tracking-wide text-slate-500",
      className,
    )}
    {...p}
  />
);
export const Td = ({ className, ...p }: ComponentProps<"td">) => (
  <td className={cn("px-3 py-2.5 align-middle", className)} {...p} />
);
