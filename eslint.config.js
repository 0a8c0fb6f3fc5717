import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  ...tseslint.configs.recommended,
  // scripts/launch.cjs must be CommonJS (see there why).
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: "Render text through React; JSON-LD goes through meta's script:ld+json.",
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/env.server.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read configuration through app/server/env.server.ts.",
        },
      ],
    },
  },
  // Boundaries: only app/server talks to the database; app/lib and app/content are pure and
  // shared by the browser and the server, so they import neither components nor server code.
  {
    files: ["app/**/*.{ts,tsx}", "http/**/*.ts"],
    ignores: ["app/server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["drizzle-orm", "pg", "@electric-sql/pglite"].map((name) => ({
            name,
            message: "Only app/server/ talks to the database.",
          })),
          patterns: [
            {
              group: ["drizzle-orm/*", "@electric-sql/pglite/*"],
              message: "Only app/server/ talks to the database.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/lib/**/*.ts", "app/content/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["drizzle-orm", "pg", "@electric-sql/pglite"].map((name) => ({
            name,
            message: "Only app/server/ talks to the database.",
          })),
          patterns: [
            {
              group: ["~/components/*", "~/routes/*", "**/components/**", "**/routes/**"],
              message: "app/lib and app/content import no components or routes.",
            },
            {
              group: ["~/server/*", "**/server/**", "*.server", "**/*.server"],
              message: "app/lib and app/content import no server code.",
            },
          ],
        },
      ],
    },
  },
);
