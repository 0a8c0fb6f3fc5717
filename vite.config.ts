import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { islands } from "./vite-plugins/islands.ts";
import { adminChunks } from "./vite-plugins/admin-chunks.ts";

/**
 * Vite wraps each lazy import() in a helper that first preloads the chunk's dependencies
 * and its CSS. With `modulePreload: false` and one stylesheet for the whole site (inlined
 * in the page), that list is always empty, and the helper (1 kB gzip in every bundle with
 * a lazy import, islands included) only calls the import: so it does just that.
 */
const PRELOAD_HELPER = "\0vite/preload-helper.js";
const plainLazyImports: Plugin = {
  name: "lockline:plain-lazy-imports",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  resolveId: (id) => (id === PRELOAD_HELPER ? id : undefined),
  load: (id) =>
    id === PRELOAD_HELPER ? "export const __vitePreload = (load) => load();" : undefined,
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server build starts from our Express app so the app, its database handle and
  // the page cache live in one module graph (React Router's node-postgres template).
  // React Router preloads route modules itself, and islands name their imports
  // (vite-plugins/islands.ts): Vite's own preloading is not needed.
  build: isSsrBuild
    ? { rollupOptions: { input: "./http/app.ts" } }
    : { modulePreload: false as const },
  plugins: [
    plainLazyImports,
    adminChunks(),
    islands(),
    tailwindcss(),
    reactRouter(),
    // The browser's files compressed once, at the highest levels, beside each file: the
    // server sends them as they are (http/static-files.ts), not compressed per request at
    // the fast levels `compression` uses. Brotli 11 is what a phone downloads (decision 0067).
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg|webmanifest|json|txt|xml)$/,
        algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
      }),
  ],
  resolve: { tsconfigPaths: true },
}));
