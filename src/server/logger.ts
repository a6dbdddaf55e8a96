import type { Config } from "./config";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

export interface Logger {
  debug(msg: string, extra?: Record<string, unknown>): void;
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

/** One line per event; never pass secrets or passwords in `extra`. */
export function createLogger(level: Config["logLevel"] = "info"): Logger {
  const min = LEVELS[level];
  const write = (lvl: Level) => (msg: string, extra?: Record<string, unknown>) => {
    if (LEVELS[lvl] < min) return;
    const line = extra ? `${msg} ${JSON.stringify(extra)}` : msg;
    (lvl === "error" || lvl === "warn" ? console.error : console.log)(`[${lvl}] ${line}`);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
