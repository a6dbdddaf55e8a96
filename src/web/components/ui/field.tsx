import { cloneElement, type ReactElement, useId } from "react";
import { cn } from "../../lib/cn";
import { Label } from "./input";

/** A labelled control with its error message; wires id, aria-invalid and aria-describedby. */
export function Field({
  label,
  error,
  hint,
  className,
  required,
  children,
}: {
  label: string;
  /** Marked before saving (an asterisk, and aria-required on the control). */
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden className="ms-0.5 text-red-600">
            *
          </span>
        ) : null}
      </Label>
      {cloneElement(children, {
        id,
        ...(required ? { "aria-required": true } : {}),
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
