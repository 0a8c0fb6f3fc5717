import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type BuildEnvironmentOptions } from "vite";

/**
 * What every public page runs besides React and React Router: the site layout and the
 * parts most pages share. One chunk instead of a dozen small ones: fewer requests and
 * modulepreload links, and gzip compresses the repeated class names once.
 */
const SITE_SHARED = new RegExp(
  [
    String.raw`[\\/]app[\\/]components[\\/]site[\\/](header|footer|breadcrumbs|section|icon|use-business|use-hydrated|use-reveal-on-scroll|reveal|closing-cta|cta-button)\.tsx?$`,
    String.raw`[\\/]app[\\/]components[\\/]site[\\/]icons\.svg`,
    String.raw`[\\/]app[\\/]components[\\/]ui[\\/]button-variants\.tsx$`,
    String.raw`[\\/]app[\\/]lib[\\/](reveal|area-paths)\.ts$`,
    String.raw`[\\/]app[\\/]content[\\/](business|site-index|featured-areas)\.ts$`,
    String.raw`[\\/]node_modules[\\/](clsx|class-variance-authority)[\\/]`,
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

export default defineConfig(({ isSsrBuild }) => ({
  // The server build starts from our Express app so the app, its database handle and
  // the page cache live in one module graph (React Router's node-postgres template).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : client,
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
}));
