import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build starts from our Express app so the app, its database handle and
  // the page cache live in one module graph (React Router's node-postgres template).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : {},
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
}));
