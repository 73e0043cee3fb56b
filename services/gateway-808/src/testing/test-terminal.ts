import { connect, type Socket } from 'node:net';
import { decodeFrame, encodeFrame, Jt808Deframer, type Jt808Message, type Jt808Version } from '@openfleet/jt808';

/** A scripted terminal for tests: writes frames, collects what the gateway sends back. */
export class TestTerminal {
  readonly received: Jt808Message[] = [];
  private readonly deframer = new Jt808Deframer();
  private waiters: (() => void)[] = [];
  private serial = 0;
  closed = false;

  private constructor(
    readonly socket: Socket,
    readonly phone: string,
    readonly version: Jt808Version,
  ) {
    socket.on('data', (chunk) => {
      for (const frame of this.deframer.push(chunk)) {
        if (frame instanceof Error) continue;
        this.received.push(decodeFrame(frame));
      }
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static async open(port: number, phone: string, version: Jt808Version = '2013'): Promise<TestTerminal> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new TestTerminal(socket, phone, version);
  }

  /** Sends a message; returns the serial used. */
  send(msgId: number, body: unknown, extra: Partial<Jt808Message> = {}): number {
    const serial = extra.serial ?? this.serial++;
    this.socket.write(encodeFrame({ msgId, version: this.version, phone: this.phone, serial, body, ...extra }));
    return serial;
  }

  writeRaw(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Waits for (and removes) the first received message matching the predicate. */
  async expect(predicate: (m: Jt808Message) => boolean, timeoutMs = 5000): Promise<Jt808Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = this.received.findIndex(predicate);
      if (at >= 0) return this.received.splice(at, 1)[0];
      if (this.closed) throw new Error('connection closed while waiting');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; received ${this.received.map((m) => m.msgId.toString(16)).join(',')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async expectAck(serial: number, timeoutMs?: number): Promise<Jt808Message> {
    return this.expect((m) => m.msgId === 0x8001 && (m.body as { replySerial: number }).replySerial === serial, timeoutMs);
  }

  async waitClosed(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (!this.closed) throw new Error('connection still open');
  }

  /** 0x0100 then 0x0102; returns the auth code. `terminalId` is the device id sent in 0x0100. */
  async login(terminalId = 'T' + this.phone.slice(-6)): Promise<string> {
    const registerSerial = this.send(0x0100, {
      province: 11,
      city: 100,
      makerId: 'OFLT1',
      model: 'SIM-808',
      terminalId,
      plateColor: 1,
      plate: '京A12345',
    });
    const reply = await this.expect((m) => m.msgId === 0x8100);
    const body = reply.body as { replySerial: number; result: number; authCode?: string };
    if (body.replySerial !== registerSerial || body.result !== 0) throw new Error(`register failed: ${JSON.stringify(body)}`);
    const authSerial = this.send(0x0102, this.version === '2019' ? { authCode: body.authCode, imei: '123456789012345', softwareVersion: '1.0' } : { authCode: body.authCode });
    const ack = await this.expectAck(authSerial);
    if ((ack.body as { result: number }).result !== 0) throw new Error('auth failed');
    return body.authCode!;
  }

  close(): void {
    this.socket.destroy();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }
}

/** A plausible 0x0200 body around Beijing. */
export function locationBody(i = 0, time = new Date()) {
  return {
    alarm: 0,
    status: 0b11,
    latitude: 39.9 + i * 1e-4,
    longitude: 116.4 + i * 1e-4,
    altitude: 50,
    speed: 42.5,
    direction: 90,
    time,
    extras: [
      { id: 0x01, kind: 'mileageKm', value: 1234.5 },
      { id: 0x02, kind: 'fuelL', value: 33.2 },
      { id: 0x30, kind: 'signalStrength', value: 25 },
    ],
  };
}
