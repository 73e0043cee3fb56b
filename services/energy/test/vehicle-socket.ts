// What the energy gateway tests share: a vehicle's TCP connection collecting decoded answers, and a
// poll for a condition that becomes true asynchronously (a stored report, an answer, a close).
import { Gb32960Deframer } from '@openfleet/gb32960';
import { connect, type Socket } from 'node:net';

export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A vehicle's connection: frames out, decoded answers in ("##" framing, GB/T 32960 or HJ 1239). */
export class VehicleSocket<Frame> {
  private readonly deframer = new Gb32960Deframer();
  readonly answers: Frame[] = [];
  closed = false;

  private constructor(
    readonly socket: Socket,
    decode: (bytes: Buffer) => Frame,
  ) {
    socket.on('data', (chunk: Buffer) => this.answers.push(...this.deframer.push(chunk).map(decode)));
    socket.on('close', () => (this.closed = true));
  }

  static async open<Frame>(port: number, decode: (bytes: Buffer) => Frame): Promise<VehicleSocket<Frame>> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    return new VehicleSocket(socket, decode);
  }

  /** The answer at `index`, once it has come. */
  async next(index: number, timeoutMs = 5000): Promise<Frame> {
    await eventually(async () => this.answers.length, (n) => n > index, 'an answer', timeoutMs);
    return this.answers[index]!;
  }
}
