import type { SafetyOption, SafetyOptionKind } from "@shared/accidents/accidents.schema";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { SafetyPicker } from "./safety-picker";

/** The picker bound to a form field (the id is ""/null when empty); `Field` passes id and aria props through. */
export function ControlledSafetyPicker<T extends FieldValues>({
  control,
  name,
  kind,
  selectedLabel,
  onOption,
  empty = "",
  ...aria
}: {
  control: Control<T>;
  name: Path<T>;
  kind: SafetyOptionKind;
  selectedLabel?: string | null;
  onOption?: (option: SafetyOption | null) => void;
  /** What an empty choice is stored as. */
  empty?: "" | null;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { field } = useController({ control, name });
  return (
    <SafetyPicker
      {...aria}
      kind={kind}
      value={(field.value as string | null) || null}
      selectedLabel={selectedLabel}
      onChange={(value, option) => {
        field.onChange(value ?? empty);
        onOption?.(option);
      }}
    />
  );
}
