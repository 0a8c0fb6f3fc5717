import crypto from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routes from "../../app/routes";
import {
  provisionDatabase,
  startAppServer,
  type AppDatabase,
  type AppServer,
} from "../e2e/support/app-process";

/*
 * Issue 47: no log line holds a link's token. A production server logging at info is sent
 * every route of the table that has a `:token` (and better-auth's reset link), each with a
 * token of its own, in the spellings a client may use (case, repeated slashes, percent-
 * encoding, `.data`, a path that goes on past the route); then its whole output is searched
 * for every one of those tokens.
 */

function fullPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [`/${joined}`, ...fullPaths(entry.children ?? [], joined)];
  });
}

const tokenRoutes = [
  ...fullPaths(routes).filter((path) => path.split("/").includes(":token")),
  "/api/auth/reset-password/:token",
];

/** The ways one route is asked for: the token given by `token()` each time. */
function spellings(route: string, token: () => string): string[] {
  const at = (path: string) => path.replace(":token", token());
  return [
    at(route),
    at(`${route}.data`),
    at(route.toUpperCase().replace(":TOKEN", ":token")),
    at(route.replace(/\//g, "//")),
    at(route.replace(/^\/(\w)/, (_, first: string) => `/%${first.charCodeAt(0).toString(16)}`)),
    at(`${route}/more/path`),
    `${at(route)}?callbackURL=/auth`,
  ];
}

describe("tokens in the log", () => {
  let database: AppDatabase;
  let server: AppServer;

  beforeAll(async () => {
    database = await provisionDatabase("pglite");
    server = await startAppServer({ database, env: { LOG_LEVEL: "info" } });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  test("no line the server writes holds a token of any link route", async () => {
    expect(tokenRoutes).toEqual(
      expect.arrayContaining(["/t/:token", "/l/:token", "/j/:token", "/review/:token"]),
    );
    const tokens: string[] = [];
    const token = () => {
      const made = crypto.randomBytes(32).toString("base64url");
      tokens.push(made);
      return made;
    };
    for (const route of tokenRoutes) {
      for (const target of spellings(route, token)) {
        for (const method of ["GET", "POST"]) {
          const answer = await fetch(`${server.origin}${target}`, {
            method,
            redirect: "manual",
            headers: { origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
            body: method === "POST" ? "intent=x" : undefined,
          });
          await answer.arrayBuffer();
        }
      }
    }
    // The access line of the last request is written once its answer is done.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const output = server.output();
    expect(output).toContain('"path":"/t/:token"');
    const leaked = tokens.filter((made) => output.includes(made));
    if (leaked.length)
      console.log(
        output
          .split("\n")
          .filter((line) => leaked.some((made) => line.includes(made)))
          .slice(0, 5)
          .join("\n"),
      );
    expect(leaked, `of ${tokens.length} tokens sent`).toEqual([]);
    // The POSTs to pages without an action were 405s: the client's mistake, not an error.
    expect(output).toContain('"status":405');
    const errors = output.split("\n").filter((line) => line.startsWith('{"level":50'));
    expect(errors).toEqual([]);
  });
});
