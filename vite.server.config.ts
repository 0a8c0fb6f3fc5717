import { defineConfig } from "vite";

/**
 * The second half of `npm run build`: the HTTP entry and the command-line tools, bundled
 * next to React Router's server build (build/server/index.js), so a deployed tree runs them
 * with plain `node` and the runtime dependencies alone (no tsx, no Vite at run time).
 * Packages stay external: they come from node_modules (`npm ci --omit=dev`).
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  build: {
    ssr: true,
    target: "node20",
    outDir: "build/server",
    // React Router's build wrote index.js here a moment ago.
    emptyOutDir: false,
    minify: false,
    rolldownOptions: {
      input: {
        main: "http/main.ts",
        user: "scripts/user.ts",
        backup: "scripts/backup.ts",
        reseal: "scripts/reseal.ts",
        // Piscina's hashing threads load it beside index.js (app/server/auth/password.server.ts).
        "scrypt-worker": "app/server/auth/scrypt-worker.js",
      },
      output: { entryFileNames: "[name].js", chunkFileNames: "tools/[name]-[hash].js" },
    },
  },
});
