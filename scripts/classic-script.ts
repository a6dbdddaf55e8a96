// What scripts/build-sw.ts and scripts/build-first-screen.ts share: one TypeScript entry compiled by
// Vite into one classic (IIFE) script in the web build's directory, nothing else touched there.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const webDist = path.resolve(root, process.env.WEB_DIST ?? "dist/web");

export async function buildClassicScript(options: {
  entry: string;
  fileName: string;
  name: string;
  sourcemap: boolean;
  target?: string;
  define?: Record<string, string>;
}) {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    mode: "production",
    resolve: { alias: { "@shared": path.join(root, "src/shared") } },
    define: options.define,
    build: {
      outDir: webDist,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: options.sourcemap,
      ...(options.target ? { target: options.target } : {}),
      lib: {
        entry: path.join(root, options.entry),
        formats: ["iife"],
        name: options.name,
        fileName: () => options.fileName,
      },
    },
  });
}
