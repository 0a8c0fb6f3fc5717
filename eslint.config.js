import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/*
 * Import restrictions (no-restricted-imports), one per boundary. They match what an import
 * says: the `~/` alias or a relative path (the one alias, so that is every spelling).
 */
const DATABASE = "Only app/server/ talks to the database.";
const database = {
  paths: ["drizzle-orm", "pg", "@electric-sql/pglite"].map((name) => ({ name, message: DATABASE })),
  patterns: [{ group: ["drizzle-orm/*", "@electric-sql/pglite/*"], message: DATABASE }],
};
/** The HTTP layer (http/: Express, page cache, request guard) imports app/, never the reverse. */
const httpLayer = {
  patterns: [
    {
      regex: "^(\\.\\./)+http/",
      message: "app/ never imports the HTTP layer (http/): it imports app/.",
    },
  ],
};
/**
 * app/server is cut by domain (docs/decisions/0042-the-server-by-domain.md). Domains queue
 * texts through texting/outbox and never reach the sender, which the process's services run;
 * routes import domains, never the reverse.
 */
const DOMAINS = [
  "activity",
  "background",
  "customers",
  "db",
  "dispatch",
  "leads",
  "links",
  "locksmiths",
  "money",
  "night-watch",
  "phones",
  "push",
  "reports",
  "reviews",
  "screens",
  "texting",
];
const domainsBelowRoutes = {
  patterns: [
    {
      regex: "^(~/server/|(\\.\\./)+(server/)?)route-helpers/",
      message: "Domain modules never import route-helpers/: routes import domains.",
    },
    {
      regex:
        "^(~/server/|(\\.\\./)+(server/)?|\\./)texting/(sender|sender-service|twilio-transport)\\.server$",
      message:
        "Queue a text with texting/outbox in the change's transaction; only the process's services run the sender.",
    },
  ],
};
/** The bottom layer (db/, activity/, links/, background/) imports no domain. */
const baseLayer = {
  patterns: [
    {
      regex: `^(~/server/|(\\.\\./)+(server/)?)(${DOMAINS.filter((d) => !["db", "activity", "links", "background"].includes(d)).join("|")}|auth|demo|live)/`,
      message:
        "db/, activity/, links/ and background/ are the bottom of app/server: they import no domain.",
    },
  ],
};
/**
 * A route module imports from its own folder only (and its generated ./+types): what two
 * route folders share goes to app/server/route-helpers (server) or app/components (UI).
 * A test beside a route may reach tests/ (its helpers).
 */
const ownRouteFolder = {
  patterns: [
    {
      regex: "^(~/routes/|(\\.\\./)+(?!tests/)[^.]|\\./(?!\\+types/)[^/]+/)",
      message:
        "Route folders never import other route folders: share through app/server/route-helpers or app/components.",
    },
  ],
};
/** app/lib and app/content are pure and shared by the browser and the server. */
const pure = {
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
};
const restrict = (...boundaries) => [
  "error",
  {
    paths: boundaries.flatMap((boundary) => boundary.paths ?? []),
    patterns: boundaries.flatMap((boundary) => boundary.patterns ?? []),
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "reports/",
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
  // Boundaries: which folder may import which (docs/decisions/0023-layout-and-import-arrows.md).
  // A later block replaces this rule for the files it matches, so each block lists every
  // restriction that applies to them. Import cycles are checked by dependency-cruiser
  // (.dependency-cruiser.cjs), which follows type-only imports too.
  {
    files: ["app/**/*.{ts,tsx}", "http/**/*.ts"],
    ignores: ["app/server/**"],
    rules: { "no-restricted-imports": restrict(database, httpLayer) },
  },
  {
    files: ["app/server/**/*.ts"],
    rules: { "no-restricted-imports": restrict(httpLayer) },
  },
  {
    files: DOMAINS.filter((d) => d !== "texting").map((d) => `app/server/${d}/**/*.ts`),
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": restrict(httpLayer, domainsBelowRoutes) },
  },
  {
    files: ["app/server/texting/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": restrict(httpLayer, { patterns: [domainsBelowRoutes.patterns[0]] }),
    },
  },
  {
    files: ["app/server/{db,activity,links,background}/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": restrict(httpLayer, domainsBelowRoutes, baseLayer) },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": restrict(database, httpLayer, ownRouteFolder) },
  },
  {
    files: ["app/lib/**/*.ts", "app/content/**/*.ts"],
    rules: { "no-restricted-imports": restrict(database, httpLayer, pure) },
  },
);
