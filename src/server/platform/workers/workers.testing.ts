import { HttpError } from "../../http/errors";

/** Tasks for run-in-worker's own tests. */
export const echo = (input: { n: number }) => ({ doubled: input.n * 2 });

/** Holds its thread for `ms` (what a slow parser does), then answers. */
export function spin(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy on purpose
  }
  return "done";
}

export function refuse() {
  throw new HttpError(400, "TOO_MANY_ROWS", "The file has more than 3 rows.", { maxRows: 3 });
}
