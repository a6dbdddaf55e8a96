import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * The icons only the signed-in shell draws (its sidebar's route icons, its header's), as lucide's file
 * names: every signed-in screen downloads them with the shell anyway, so they travel as one file —
 * not one slice each, which the splitter cuts wherever a screen draws one of them too (a few hundred
 * bytes of overhead per slice, on every screen). An icon the public pages may draw too (shared
 * components, the public, sign-in and system features, the public frame) stays out: the group would
 * otherwise join the entry and every public page would download all of it.
 */
function shellIcons(): Set<string> {
  const web = (rel: string) => fileURLToPath(new URL(`./src/web/${rel}`, import.meta.url));
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : [],
    );
  const iconsOf = (files: string[]) => {
    const names = new Set<string>();
    for (const file of files)
      for (const [, list] of readFileSync(file, "utf8").matchAll(
        /import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g,
      ))
        for (const name of list.split(",").map((n) => n.replace(/\btype\b/, "").trim()))
          if (name)
            names.add(
              name
                .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
                .replace(/([a-zA-Z])(\d)/g, "$1-$2")
                .toLowerCase(),
            );
    return names;
  };
  const publicFrame = ["public-layout.tsx", "public-frame.tsx", "language-switcher.tsx"];
  const shell = iconsOf([
    web("lib/route-icons.ts"),
    ...readdirSync(web("app/layouts"))
      .filter((f) => f.endsWith(".tsx") && !publicFrame.includes(f))
      .map((f) => web(`app/layouts/${f}`)),
  ]);
  const publicToo = iconsOf([
    ...sources(web("components")),
    ...sources(web("features/public")),
    ...sources(web("features/auth")),
    ...sources(web("features/system")),
    web("features/contracts/pages/public-contract-page.tsx"),
    ...publicFrame.map((f) => web(`app/layouts/${f}`)),
  ]);
  return new Set([...shell].filter((icon) => !publicToo.has(icon)));
}

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

/**
 * The app code the driver's home needs beyond the entry and the shell, as one file (issue 41): on a
 * phone's weak signal each file costs a round trip (2 s on slow 3G, six at a time over HTTP/1.1), and
 * the splitter otherwise cuts this screen's code into some thirty slices it shares with staff screens.
 * Read from the module graph once it is built: the page's static imports, less what the entry or the
 * shell import statically; what the registration page (public) imports too is a second chunk.
 */
function driverScreenCode(): { plugin: Plugin; has(id: string): boolean; shared(id: string): boolean } {
  const modules = new Set<string>();
  const shared = new Set<string>();
  const web = (rel: string) => fileURLToPath(new URL(`./src/web/${rel}`, import.meta.url));
  return {
    has: (id) => modules.has(id),
    shared: (id) => shared.has(id),
    plugin: {
      name: "lms-driver-screen-code",
      apply: "build",
      buildEnd() {
        const closure = (from: string, into = new Set<string>()) => {
          const walk = (id: string) => {
            if (into.has(id)) return;
            const info = this.getModuleInfo(id);
            if (!info) return;
            into.add(id);
            for (const dep of info.importedIds) walk(dep);
          };
          walk(from);
          return into;
        };
        const before = closure(web("app/layouts/app-layout.tsx"), closure(web("main.tsx")));
        // What the applicants' registration form uses too goes in a chunk of its own: that public page
        // (opened on phones too) must not download the driver's.
        const register = closure(web("features/auth/pages/register-page.tsx"));
        const page = web("features/dashboard/pages/driver-dashboard-page.tsx");
        // The page itself stays the route's own chunk (the router's lazy import and the manifest name it).
        for (const id of closure(page))
          if (id !== page && !before.has(id) && !/node_modules/.test(id))
            (register.has(id) ? shared : modules).add(id);
      },
    },
  };
}

const SHELL_ICONS = shellIcons();
const DRIVER_SCREEN = driverScreenCode();

export default defineConfig(({ command }) => ({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), signInDocument(), DRIVER_SCREEN.plugin],
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
            // The icon library's own code, which every icon (the public pages' too) needs: apart from
            // the shell's icons below, or the entry would import the shell's group to reach it.
            { name: "icon-base", test: /lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/ },
            {
              name: "shell-icons",
              test: (id) => {
                const icon = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.m?js$/.exec(id)?.[1];
                return !!icon && SHELL_ICONS.has(icon);
              },
            },
            // Every other icon as one file too: shared icons were otherwise a file each (65 files of
            // ~300 bytes), and on a phone's weak signal each file costs a round trip (issue 41).
            { name: "icons", test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/ },
            { name: "driver", test: (id) => DRIVER_SCREEN.has(id), includeDependenciesRecursively: false },
            {
              name: "driver-public",
              test: (id) => DRIVER_SCREEN.shared(id),
              includeDependenciesRecursively: false,
            },
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
