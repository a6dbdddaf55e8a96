import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig, type UserConfig } from "vite";
import app from "./vite.config.js";

/**
 * The sign-in page, built on its own after the app (`npm run build` runs both; decision 022): a
 * separate module graph, so it carries only what signing in needs — tree-shaken without the app's
 * router, query cache, form library or the app's use of zod — into the same `dist/web`.
 */
export default defineConfig((env) => {
  const config: UserConfig = mergeConfig(app(env), {
    build: {
      emptyOutDir: false,
      manifest: ".vite/login-manifest.json",
      rolldownOptions: { input: { login: fileURLToPath(new URL("./src/web/login.html", import.meta.url)) } },
    },
  });
  // Not the app's chunk groups: they would put the toaster, which loads with the first toast, into
  // the page's first download.
  const output = config.build?.rolldownOptions?.output;
  if (output && !Array.isArray(output)) delete output.codeSplitting;
  return config;
});
