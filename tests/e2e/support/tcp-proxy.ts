import net from "node:net";
import { freePort } from "./app-process";

/**
 * A TCP relay in front of the shared PostgreSQL server, so a test can take "the database"
 * away from one app (every connection cut, new ones refused) and give it back, without
 * stopping a server others use.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }, up = true): Promise<TcpProxy> {
    const proxy = new TcpProxy(await freePort(), target);
    if (up) await proxy.restore();
    return proxy;
  }

  /** A database URL that goes through this relay. */
  through(url: string): string {
    const routed = new URL(url);
    routed.hostname = "127.0.0.1";
    routed.port = String(this.port);
    return routed.toString();
  }

  /** The database is back: connections are relayed again. */
  async restore(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.server = server;
  }

  /** The database is gone: open connections drop, new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
