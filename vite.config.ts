import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from "vite";

/**
 * What every public page runs besides React and React Router: the site layout and the
 * parts most pages share. One chunk instead of a dozen small ones: fewer requests and
 * modulepreload links, and gzip compresses the repeated class names once.
 */
const SITE_SHARED = new RegExp(
  [
    String.raw`[\\/]app[\\/]components[\\/]site[\\/](header|footer|breadcrumbs|section|icon|link|deferred|use-business|use-hydrated|use-reveal-on-scroll|reveal|closing-cta|cta-button)\.tsx?$`,
    String.raw`[\\/]app[\\/]components[\\/]site[\\/]icons\.svg`,
    String.raw`[\\/]app[\\/]components[\\/]use-hydrated\.ts$`,
    String.raw`[\\/]app[\\/]components[\\/]ui[\\/]button-variants\.tsx$`,
    String.raw`[\\/]app[\\/]lib[\\/](reveal|area-paths)\.ts$`,
    String.raw`[\\/]app[\\/]content[\\/](business|site-index|featured-areas)\.ts$`,
    String.raw`[\\/]node_modules[\\/]clsx[\\/]`,
    String.raw`^\0vite[\\/]preload-helper`,
  ].join("|"),
);

const client: BuildEnvironmentOptions = {
  // React Router preloads route modules itself; Vite's helper for lazy imports is not needed.
  modulePreload: false,
  rolldownOptions: {
    output: {
      codeSplitting: {
        groups: [
          {
            name: "react",
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            priority: 20,
          },
          { name: "site", test: SITE_SHARED, priority: 10 },
        ],
      },
    },
  },
};

/**
 * Vite wraps each lazy import() in a helper that first preloads the chunk's dependencies
 * and its CSS. With `modulePreload: false` and one stylesheet for the whole site (inlined
 * in the page), that list is always empty, and the helper (1 kB gzip on every page with a
 * lazy import) only calls the import: so it does just that.
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
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : client,
  plugins: [plainLazyImports, tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
}));
