import net from "node:net";

/** A TCP proxy in front of a local service, which a test can take down and bring back on the same port. */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private tripwire: RegExp | null = null;
  port = 0;

  constructor(private readonly targetPort: number) {}

  /** Listens (on the same port as before, after a stop); a proxy already up stays as it is. */
  async start() {
    if (this.server) return this.port;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, "127.0.0.1");
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      upstream.pipe(client);
      client.on("data", (chunk: Buffer) => {
        if (this.tripwire?.test(chunk.toString("latin1"))) {
          this.tripwire = null;
          void this.stop();
          return;
        }
        upstream.write(chunk);
      });
      client.on("end", () => upstream.end());
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", resolve);
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
    return this.port;
  }

  /** Goes down (as `stop`) the moment a client sends bytes matching `pattern`, which never reach the service. */
  stopWhenSent(pattern: RegExp) {
    this.tripwire = pattern;
  }

  /** Refuses new connections and cuts the open ones, as a crashed service would. */
  async stop() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}
