// A stand-in for socket.io-client under jest: `jest.mock('socket.io-client', () => require('../test/fake-socket'))`.
type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  disconnected = false;
  readonly emitted: [event: string, payload: unknown][] = [];
  private readonly handlers = new Map<string, Handler[]>();
  private readonly anyHandlers: ((event: string, ...args: unknown[]) => void)[] = [];

  constructor(readonly options: { auth?: { token?: string } }) {}

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  onAny(handler: (event: string, ...args: unknown[]) => void): this {
    this.anyHandlers.push(handler);
    return this;
  }

  emit(event: string, payload?: unknown): this {
    this.emitted.push([event, payload]);
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.disconnected = true;
    return this;
  }

  /** The hub accepts the connection. */
  open(): void {
    this.connected = true;
    for (const handler of this.handlers.get('connect') ?? []) handler();
  }

  /** The hub pushes `event`. */
  push(event: string, payload: unknown): void {
    for (const handler of this.anyHandlers) handler(event, payload);
  }
}

/** Every socket `io()` created, oldest first. */
export const sockets: FakeSocket[] = [];

export function io(options: { auth?: { token?: string } }): FakeSocket {
  const socket = new FakeSocket(options);
  sockets.push(socket);
  return socket;
}
