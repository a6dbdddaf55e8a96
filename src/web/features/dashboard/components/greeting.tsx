import { useTranslation } from "react-i18next";

function partOfDay(date: Date): "morning" | "afternoon" | "evening" {
  const hour = date.getHours();
  return hour < 12 ? "morning" : hour < 18 ? "afternoon" : "evening";
}

/** "Good morning, Alex" and today's date, in the user's language and local time. */
export function useGreeting(fullName: string) {
  const { t, i18n } = useTranslation("dashboard");
  const now = new Date();
  const firstName = fullName.trim().split(/\s+/)[0] || fullName;
  return {
    greeting: t(`greeting.${partOfDay(now)}`, { name: firstName }),
    today: new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: "full" }).format(now),
  };
}
