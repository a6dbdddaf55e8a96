import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { Slot } from "./slot";

/**
 * On a phone every button is at least 44 px in both directions (a thumb's reach; WCAG 2.5.5), whatever
 * its size on a desk.
 */
export const buttonVariants = cva(
  "inline-flex max-sm:min-h-11 max-sm:min-w-11 items-center justify-center gap-2 whitespace-nowrap max-sm:h-auto max-sm:whitespace-normal max-sm:text-center rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-700 text-white hover:bg-brand-600",
        secondary: "bg-slate-100 text-slate-900 hover:bg-slate-200",
        outline: "border border-slate-300 bg-white hover:bg-slate-50",
        ghost: "hover:bg-slate-100",
        // Each filled variant keeps white text at WCAG AA (4.5:1) at rest and on hover.
        destructive: "bg-red-600 text-white hover:bg-red-700",
        /** The one affirmative finish of a task (a driver's "deliver"). */
        success: "bg-emerald-700 text-white hover:bg-emerald-800",
        link: "text-brand-700 underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-8 px-3 text-xs",
        lg: "h-11 px-6",
        icon: "h-10 w-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type = "button",
  ...props
}: ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : "button";
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      type={asChild ? undefined : type}
      {...props}
    />
  );
}
