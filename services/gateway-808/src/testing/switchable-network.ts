import type { ISocketFactory } from 'kafkajs';
import { connect, type Socket } from 'node:net';

/**
 * A kafkajs socket factory whose network can be cut: `cut()` destroys every open broker connection
 * and makes new ones fail with ECONNREFUSED (they go to a closed port), as when the broker's host
 * goes away; `restore()` lets connections through again. The broker itself keeps running, so other
 * clients sharing it are not disturbed.
 */
export class SwitchableNetwork {
  private down = false;
  private readonly open = new Set<Socket>();

  readonly socketFactory: ISocketFactory = ({ host, port, onConnect }) => {
    // Port 1 on loopback has no listener: the connection is refused at once.
    const socket = this.down ? connect({ host: '127.0.0.1', port: 1 }) : connect({ host, port }, onConnect);
    socket.setKeepAlive(true, 60_000);
    this.open.add(socket);
    socket.once('close', () => this.open.delete(socket));
    return socket;
  };

  cut(): void {
    this.down = true;
    for (const socket of this.open) socket.destroy(new Error('network cut (test)'));
  }

  restore(): void {
    this.down = false;
  }
}
