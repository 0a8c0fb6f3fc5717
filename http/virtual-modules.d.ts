declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

declare module "virtual:lockline/islands" {
  import type { IslandName } from "~/lib/site/page-handle";
  /** Each island's built module and the shared chunks it imports (vite-plugins/islands.ts). */
  export const islandScripts: Record<IslandName, { src: string; imports: string[] }>;
}
