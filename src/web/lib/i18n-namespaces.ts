/** The namespaces every screen uses (buttons, errors, roles; the shell's menu), loaded with the reader's language before the first render. */
export const PRELOADED_NAMESPACES = ["common", "nav"] as const;
