import crypto from "node:crypto";
import net from "node:net";
import { sql } from "drizzle-orm";
import { openDatabase } from "~/server/db/database.server";
import { E2E_OWNER } from "../../../playwright.config";
import {
  createOwner,
  databaseKinds,
  provisionDatabase,
  startAppServer,
  type AppDatabase,
  type AppServer,
} from "../../e2e/support/app-process";

/*
 * A production server of a test's own whose database rows can be counted: on PostgreSQL
 * when TEST_DATABASE_URL names one, else on PGlite (counted while the server is stopped:
 * PGlite allows one process). For tests that must prove a flood wrote nothing.
 */

export interface CountedServer {
  origin: () => string;
  /** The server's process id (it changes when a PGlite snapshot restarts the server). */
  pid: () => number;
  /** The owner's session cookie (signed in once, at start). */
  ownerCookie: string;
  kind: AppDatabase["kind"];
  /** Rows of every table, and the keys of `rate_limits` (stops and restarts a PGlite server). */
  snapshot(): Promise<RowSnapshot>;
  dispose(): Promise<void>;
}

export interface RowSnapshot {
  rows: Record<string, number>;
  rateLimitKeys: string[];
}

export async function startCountedServer(
  options: {
    env?: Record<string, string>;
    /** The owner's password hash at the real cost (a sign-in then hashes as in production). */
    ownerAtFullCost?: boolean;
  } = {},
): Promise<CountedServer> {
  const kind = databaseKinds().at(-1)!;
  const database = await provisionDatabase(kind);
  await createOwner(
    database,
    E2E_OWNER,
    options.ownerAtFullCost ? {} : { NODE_ENV: "test", PASSWORD_HASH_COST: "test" },
  );
  const serverEnv = { LOG_LEVEL: "error", ...options.env };
  let server: AppServer = await startAppServer({ database, env: serverEnv });
  const port = server.port;
  const signIn = await fetch(`${server.origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin },
    body: JSON.stringify({ email: E2E_OWNER.email, password: E2E_OWNER.password }),
  });
  if (!signIn.ok) throw new Error(`The owner's sign-in answered ${signIn.status}`);
  const ownerCookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

  const count = async (): Promise<RowSnapshot> => {
    const handle = await openDatabase(
      database.kind === "postgres"
        ? { kind: "postgres", url: database.url! }
        : { kind: "pglite", dataDir: database.env.DATA_DIR! },
    );
    try {
      const tables = rowsOf<{ name: string }>(
        await handle.db.execute(
          sql`select table_name as name from information_schema.tables
              where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
        ),
      );
      const rows: Record<string, number> = {};
      for (const { name } of tables) {
        const [counted] = rowsOf<{ n: number }>(
          await handle.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`),
        );
        rows[name] = Number(counted?.n ?? 0);
      }
      const keys = rowsOf<{ key: string }>(
        await handle.db.execute(sql`select key from rate_limits order by key`),
      ).map((row) => row.key);
      return { rows, rateLimitKeys: keys };
    } finally {
      await handle.close();
    }
  };

  return {
    origin: () => server.origin,
    pid: () => server.child.pid!,
    ownerCookie,
    kind: database.kind,
    async snapshot() {
      if (database.kind === "postgres") return count();
      await server.stop();
      const counted = await count();
      server = await startAppServer({ database, env: serverEnv, port });
      return counted;
    },
    async dispose() {
      await server.stop();
      await database.dispose();
    },
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** What changed between two snapshots: tables whose count moved, and new rate-limit keys. */
export function rowChanges(before: RowSnapshot, after: RowSnapshot) {
  const tables = Object.fromEntries(
    Object.keys(after.rows)
      .filter((name) => after.rows[name] !== before.rows[name])
      .map((name) => [name, (after.rows[name] ?? 0) - (before.rows[name] ?? 0)]),
  );
  const known = new Set(before.rateLimitKeys);
  return { tables, newRateLimitKeys: after.rateLimitKeys.filter((key) => !known.has(key)) };
}

/** A client address of its own for each request (the server trusts a loopback proxy). */
export function freshAddress(): string {
  return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
}

/**
 * A request written byte for byte on a socket, for what no HTTP client sends (a declared
 * length far beyond the bytes, malformed heads); the status line and body of the answer.
 */
export function rawExchange(
  origin: string,
  head: string,
  body: Buffer | string = "",
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    };
    socket.setTimeout(15_000, () => socket.destroy());
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      // One answer is all we wait for: a complete head with a body of its declared length.
      const text = Buffer.concat(chunks).toString("utf8");
      const headEnd = text.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, headEnd))?.[1];
      if (headEnd >= 0 && length && Buffer.byteLength(text) >= headEnd + 4 + Number(length)) {
        socket.destroy();
      }
    });
    socket.on("close", finish);
    socket.on("error", reject);
    socket.write(head);
    socket.write(body);
  });
}
