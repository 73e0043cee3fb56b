import { createServer, type Server, type Socket } from 'node:net';

/**
 * The TCP side the vehicle-facing listeners share (GB/T 32960, HJ 1239, JT/T 1078 media): listen, name the bound port,
 * track the open connections and close them all on shutdown. Each connection gets the gateway's
 * idle timeout and its own handler.
 */
export class TcpListener {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly onConnection: (socket: Socket) => void) {}

  async listen(port: number, host: string, idleMs: number): Promise<void> {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.setTimeout(idleMs, () => socket.destroy());
      socket.on('error', () => undefined);
      socket.on('close', () => this.sockets.delete(socket));
      this.onConnection(socket);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, () => resolve());
    });
  }

  /** The bound port (0 before listening). */
  port(): number {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
