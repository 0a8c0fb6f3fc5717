import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../../app/routes";

export interface TableRoute {
  path: string;
  takesPost: boolean;
  /** A page (a component): React Router also answers its `.data` requests. */
  isPage: boolean;
}

function flatten(entries: RouteConfigEntry[], parent = ""): TableRoute[] {
  return entries.flatMap((entry) => {
    const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const source = fs.readFileSync(path.join("app", entry.file), "utf8");
    const own: TableRoute[] =
      entry.path !== undefined || entry.index
        ? [
            {
              path: `/${joined}`,
              takesPost: /export\s+(async\s+)?(function|const)\s+action\b/.test(source),
              isPage: /export\s+default\b/.test(source),
            },
          ]
        : [];
    return [...own, ...flatten(entry.children ?? [], joined)];
  });
}

/** Every route of app/routes.ts, as paths with their parameters: a new route is in by itself. */
export const routeTable: TableRoute[] = flatten(routes);
