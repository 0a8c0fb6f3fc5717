import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TcpProxy } from "../../../tests/e2e/support/tcp-proxy";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { openDatabase, type DatabaseHandle } from "./database.server";

/*
 * The database's connection cut while a transaction holds it (a network blip, a failover):
 * that transaction fails, the process goes on. node-postgres emits "error" on a client whose
 * connection ends, and pg-pool listens only while the client is idle; an "error" nobody hears
 * ends the process (vitest reports it as an unhandled error).
 */

describeEachDatabase("a connection lost mid-transaction", (t) => {
  let proxy: TcpProxy;
  let handle: DatabaseHandle | undefined;

  beforeAll(async () => {
    if (!t.url) return;
    const target = new URL(t.url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    handle = await openDatabase({ kind: "postgres", url: proxy.through(t.url), poolSize: 2 });
  });
  afterAll(async () => {
    await handle?.close();
    await proxy?.cut();
  });

  it("fails that transaction only; the next query takes a new connection", async () => {
    // PostgreSQL only: PGlite runs in this process, with no connection to lose.
    if (!handle) return;
    const cutMidway = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await proxy.cut();
      await tx.execute(sql`select 2`);
    });
    await expect(cutMidway).rejects.toThrow();
    await proxy.restore();
    const answer = await handle.db.execute(sql`select 3 as three`);
    expect((answer as unknown as { rows: { three: number }[] }).rows[0]!.three).toBe(3);
  });
});
