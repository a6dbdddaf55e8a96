/**
 * What the first screen (first-screen.ts, decision 064) leaves for the app on `window.__lmsFirst`:
 * whether the driver did something on it (the app's first answers are then out of date) and the app
 * button whose tap it handed over (a dialog only the app has).
 */
export type FirstScreenState = { acted: boolean; tap: string | null };

declare global {
  interface Window {
    __lmsFirst?: FirstScreenState;
  }
}
