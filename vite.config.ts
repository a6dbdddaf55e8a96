import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * The sign-in page is a document of its own (src/web/login.html, decision 022): the dev server answers
 * `/login` with it, as the API server does in production.
 */
function signInDocument(): Plugin {
  return {
    name: "lms-sign-in-document",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/login\/?(?:\?|$)/.test(req.url))
          req.url = req.url.replace(/^\/login\/?/, "/login.html");
        next();
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), signInDocument()],
  resolve: {
    alias: [
      { find: "@shared", replacement: fileURLToPath(new URL("./src/shared", import.meta.url)) },
      { find: "@web", replacement: fileURLToPath(new URL("./src/web", import.meta.url)) },
      // React Router's package points bundlers at its development build (the same code with its
      // development warnings on); a production build takes its production build, which drops them.
      ...(command === "build"
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
              ),
            },
          ]
        : []),
    ],
  },
  // The manifest lets scripts/bundle-budget.mjs add up what each route downloads.
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      // A zod schema built at a module's top level (`z.object(…)…`) has no side effects: saying so drops
      // the shared modules' schemas a screen never uses (API responses, other forms) — docs/performance.md.
      treeshake: { manualPureFunctions: ["z"] },
      output: {
        // What every screen needs, as one file each (fewer requests and a better compression than the
        // dozens of shared slices the splitter would otherwise cut them into): the framework, zod.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|i18next-browser-languagedetector|@tanstack|tailwind-merge|clsx|class-variance-authority)[\\/]/,
            },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
        // Translation chunks (src/web/lib/i18n.ts loads them on demand) are named locale-<lng>-<ns>,
        // so a cache rule, a size report or a test can tell them from a screen's code.
        chunkFileNames: (chunk) => {
          const file = chunk.facadeModuleId ?? "";
          const locale = /i18n\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
          // Other chunks are named by their hash alone: every screen's preload list and every import
          // between chunks spells these names, and a readable name costs each of them bytes (the
          // manifest and the source maps still say what each file holds).
          return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : "assets/[hash].js";
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
}));
