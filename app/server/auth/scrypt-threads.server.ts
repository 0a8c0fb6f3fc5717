import type crypto from "node:crypto";
import { Worker } from "node:worker_threads";

/*
 * scrypt on threads of its own, each at a CPU priority of its own (on Linux, `os.setPriority`
 * from a thread applies to that thread). Node's own `crypto.scrypt` runs on libuv's thread
 * pool, the four threads compression, file reads and DNS share. At the lowest priority (19)
 * the event loop and the pool always come first, and hashing takes what is left; at normal
 * priority (0) a hash shares the CPU fairly, so a busy machine cannot starve it.
 *
 * The worker's code is inline (a CommonJS string), so it runs the same from the sources
 * and from the bundled build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const crypto = require("node:crypto");
const os = require("node:os");
try { os.setPriority(workerData.niceness); } catch {}
parentPort.on("message", ({ password, salt, keylen, options }) => {
  try {
    const key = crypto.scryptSync(password, salt, keylen, options);
    parentPort.postMessage({ key });
  } catch (error) {
    parentPort.postMessage({ error: error.message });
  }
});
`;

interface Reply {
  key?: Uint8Array;
  error?: string;
}

/**
 * At most `size` threads, started when first needed; each hashes one password at a time at
 * `niceness` (-20 highest to 19 lowest; raising priority above 0 needs privileges).
 */
export class ScryptThreads {
  private readonly idle: Worker[] = [];
  private started = 0;

  constructor(
    private readonly size: number,
    private readonly niceness: number,
  ) {}

  /** Callers keep at most `size` hashes in flight at once (the hashing queue does). */
  async scrypt(
    password: string,
    salt: Uint8Array,
    keylen: number,
    options: crypto.ScryptOptions,
  ): Promise<Buffer> {
    const worker = this.idle.pop() ?? this.start();
    // A waiting hash keeps the process alive; an idle thread does not.
    worker.ref();
    let reply: Reply;
    try {
      reply = await new Promise<Reply>((resolve, reject) => {
        const crashed = (error: Error) => reject(error);
        worker.once("error", crashed);
        worker.once("message", (message: Reply) => {
          worker.off("error", crashed);
          resolve(message);
        });
        worker.postMessage({ password, salt, keylen, options });
      });
    } catch (error) {
      // The thread died: start another next time.
      this.started -= 1;
      void worker.terminate();
      throw error;
    }
    worker.unref();
    this.idle.push(worker);
    if (reply.error !== undefined || !reply.key) throw new Error(reply.error ?? "scrypt: no key");
    return Buffer.from(reply.key);
  }

  private start(): Worker {
    if (this.started >= this.size) throw new Error("More hashes in flight than hashing threads");
    this.started += 1;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { niceness: this.niceness },
    });
    worker.unref();
    return worker;
  }
}
