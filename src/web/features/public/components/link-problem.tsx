import { ROUTES } from "@shared/access";
import { Link2Off } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { ApiRequestError } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { retryAfterOf } from "../api/public";

/** A title and the sentence under it. */
type Said = readonly [title: string, text: string];

/**
 * What a public link's page shows when its link does not answer: an unknown or ended link (404, no
 * retry), too many tries (429, with the seconds to wait) or any other failure, and the way to /track.
 * Each page gives its words and its width.
 */
export function LinkProblem({
  error,
  onRetry,
  words,
  className,
  testId,
}: {
  error: unknown;
  onRetry: () => void;
  words: {
    invalid: Said;
    rateLimited: (seconds: number) => Said;
    failed: Said;
    retry: string;
    /** The link to the status check by number. */
    track: string;
  };
  className: string;
  testId: string;
}) {
  const seconds = retryAfterOf(error);
  const invalid = error instanceof ApiRequestError && error.status === 404;
  const [title, text] = invalid
    ? words.invalid
    : seconds !== null
      ? words.rateLimited(seconds)
      : words.failed;
  return (
    <section
      role="alert"
      data-testid={testId}
      className={cn(
        "w-full rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8",
        className,
      )}
    >
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-amber-100">
        <Link2Off className="size-6 text-amber-700" aria-hidden />
      </span>
      <h1 className="mt-4 text-lg font-semibold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      {invalid ? null : (
        <Button className="mt-5" variant="outline" onClick={onRetry}>
          {words.retry}
        </Button>
      )}
      <p className="mt-6 text-sm">
        <Link to={ROUTES.track.path} className="font-medium text-brand-700 hover:text-brand-600">
          {words.track}
        </Link>
      </p>
    </section>
  );
}
