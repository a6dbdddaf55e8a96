import { useCallback, useId, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { Input } from "../../../components/ui/input";
import { deferred } from "../../../lib/deferred";
import type { LoadFormValues } from "./load-form-values";

/** The address book's list: its code (and the search) come after the form has rendered. */
const options = deferred(() => import("./location-options").then((m) => m.LocationOptions));

/**
 * A stop's location name that searches the address book as it is typed: choosing a place fills the
 * stop's address, contact and saved-location link; typing a new name unlinks it.
 */
export function LocationNameInput({
  form,
  index,
  ...aria
}: {
  form: UseFormReturn<LoadFormValues>;
  index: number;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
}) {
  const { register, watch, setValue } = form;
  const Options = options.use();
  const [open, setOpen] = useState(false);
  const keys = useRef<((key: string) => boolean) | null>(null);
  const listId = useId();
  const field = register(`stops.${index}.locationName`);
  const name = watch(`stops.${index}.locationName`) ?? "";

  const close = useCallback(() => setOpen(false), []);

  return (
    <div className="relative">
      <Input
        {...field}
        {...aria}
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        data-testid={`stop-${index}-locationName`}
        onFocus={() => {
          void options.load().catch(() => undefined);
          setOpen(true);
        }}
        onChange={(e) => {
          void field.onChange(e);
          setValue(`stops.${index}.locationId`, null);
          setOpen(true);
        }}
        onBlur={(e) => {
          void field.onBlur(e);
          setTimeout(() => setOpen(false), 150);
        }}
        onKeyDown={(e) => {
          if (open && keys.current?.(e.key)) e.preventDefault();
        }}
      />
      {open && Options ? (
        <Options
          id={listId}
          q={name}
          customerId={watch("customerId")}
          keys={keys}
          form={form}
          index={index}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
