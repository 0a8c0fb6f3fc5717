/**
 * Import cycles fail `npm run lint` (docs/decisions/0023-layout-and-import-arrows.md).
 * dependency-cruiser follows type-only imports as well (tsPreCompilationDeps), so a cycle of
 * `import type`s counts too: eslint-plugin-import-x's no-cycle skips those. Which folder may
 * import which is eslint's part (eslint.config.js, "Boundaries").
 * @type {import("dependency-cruiser").IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment:
        "Arrows point one way: a module never reaches itself through what it imports, " +
        "type-only imports included. Move what both sides need to a module both import.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Packages are not ours: stop at their entry, do not read them.
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs"] },
  },
};
