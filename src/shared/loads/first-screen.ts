/**
 * What the server's driver first screen (decision 064) hands its inline script: the server writes them
 * (src/server/modules/loads/driver-first-screen.ts), the script reads them
 * (src/web/first-screen/first-screen.ts).
 */

/** What a first-screen button does (in its `data-first-action`). */
export type FirstAction = {
  /** The app's button it stands for: a tap handed over is replayed on it. */
  testId: string;
  /** One tap done here; otherwise (a dialog is needed) handed to the app. */
  direct: boolean;
  kind: "check-in" | "load-action";
  url: string;
  json: Record<string, string>;
  subject: Record<string, string>;
  /** What the button says once the server has it ("Arrived: recorded"). */
  done: string;
};

/** The words the inline script needs, in the page's language. */
export type FirstScreenWords = {
  greeting: { morning: string; afternoon: string; evening: string };
  sending: string;
  waiting: string;
  opening: string;
};

/** The script's data (`#first-screen-data`): whose outbox a tap goes to, and its words. */
export type FirstScreenData = { userId: string; words: FirstScreenWords };
