import { createContext, use } from "react";
import type { IslandName } from "~/lib/site/page-handle";

export type IslandScriptUrls = Readonly<
  Record<IslandName, { src: string; imports: readonly string[] }>
>;

/**
 * The built islands' URLs (vite-plugins/islands.ts), provided by entry.server.tsx: only the
 * server renders island scripts, so the browser's bundle never carries the list.
 */
export const IslandScriptsContext = createContext<IslandScriptUrls | null>(null);

/**
 * A page's islands: module scripts at the end of <body> (they run once the document is
 * parsed), with the shared chunks they import preloaded, so they arrive in one round trip.
 */
export function IslandScripts({ names }: { names: readonly IslandName[] }) {
  const urls = use(IslandScriptsContext);
  if (!urls || names.length === 0) return null;
  const imports = [...new Set(names.flatMap((name) => urls[name].imports))];
  return (
    <>
      {imports.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {names.map((name) => (
        <script key={name} type="module" src={urls[name].src} />
      ))}
    </>
  );
}
