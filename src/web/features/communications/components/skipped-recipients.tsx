import type { LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * Recipients a message skips, listed before it is sent (spec section 8: "No Phone Number / No Email
 * Found"): a driver, a customer's contact or a staff member, with their company or role.
 */
export function SkippedRecipients({
  title,
  Icon,
  people,
  testId,
}: {
  title: string;
  Icon: LucideIcon;
  people: { kind: string; name: string; detail: string }[];
  testId?: string;
}) {
  const { t } = useTranslation("common");
  if (!people.length) return null;
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900" role="status">
      <p className="flex items-center gap-1.5 font-medium">
        <Icon className="size-4" aria-hidden />
        {title}
      </p>
      <ul className="mt-1 max-h-32 overflow-y-auto text-xs" data-testid={testId}>
        {people.map((m) => (
          <li key={`${m.kind}-${m.name}-${m.detail}`}>
            {m.name}
            {m.detail ? ` · ${m.kind === "user" ? t(`roles.${m.detail}`) : m.detail}` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}
