import { connect, createServer, type Server, type Socket } from 'node:net';
import { Jt809Deframer } from '../deframer';
import type { Body } from '../fields';
import { decodeFrame, encodeFrame, type Jt809CipherKeys, type Jt809Edition, type Jt809Header } from '../frame';
import { decodeBusinessBody, decodeLinkBody, encodeBusinessBody, encodeLinkBody, isBusinessMessage, type BusinessBody } from '../messages';

/** An account the superior knows: the lower platform logs in with it. */
export interface SuperiorAccount {
  userId: number;
  password: string;
  /** The lower platform's access code, in the header of everything it sends. */
  accessCode: number;
}

export interface SuperiorOptions {
  edition: Jt809Edition;
  accounts: SuperiorAccount[];
  /** Deciphers what the lower platform enciphers; enciphers what we send when `encrypt`. */
  keys?: Jt809CipherKeys;
  encrypt?: boolean;
  /** Our own centre id in our headers. */
  centerId?: number;
  /** Answer every login with 0x05 "resources busy". */
  busy?: boolean;
  /** Only this source address may log in (0x01 otherwise). */
  allowedIp?: string;
}

/** A message the superior received, decoded (its CRC checked, its body deciphered). */
export interface ReceivedMessage {
  link: 'main' | 'slave';
  header: Jt809Header;
  msgId: number;
  body: Body | BusinessBody;
  /** When it arrived (epoch ms). */
  receivedAt: number;
}

class Side {
  private serial = 0;
  private readonly deframer = new Jt809Deframer();

  constructor(
    readonly socket: Socket,
    private readonly sim: SuperiorPlatformSimulator,
    readonly link: 'main' | 'slave',
  ) {
    socket.on('data', (chunk: Buffer) => {
      for (const frame of this.deframer.push(chunk)) sim.receive(this, frame);
    });
    socket.on('error', () => undefined);
  }

  send(msgId: number, body: Body | BusinessBody): void {
    const { edition, keys, encrypt, centerId } = this.sim.options;
    const bytes = isBusinessMessage(msgId) ? encodeBusinessBody(msgId, body as BusinessBody, edition) : encodeLinkBody(msgId, body as Body, edition);
    this.serial++;
    if (!this.socket.destroyed) this.socket.write(encodeFrame({ edition, msgId, serial: this.serial, centerId: centerId ?? 1, ...(encrypt && keys ? { cipher: { ...keys, key: 0x9e3779b9 ^ this.serial } } : {}) }, bytes));
  }
}

/**
 * A superior (government) platform for tests, benchmarks and `npm run simulate:809`: accepts the
 * main link and checks the login, opens the slave link back with the verify code, answers
 * keep-alives, records everything it receives (CRC and cipher checked by the decoder) and sends
 * duty checks, supervision and other requests on demand.
 */
export class SuperiorPlatformSimulator {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private main?: Side;
  private slave?: Side;
  readonly received: ReceivedMessage[] = [];
  readonly loginResults: number[] = [];
  badFrames = 0;
  lastError = '';
  port = 0;

  constructor(readonly options: SuperiorOptions) {}

  /** Refuse logins with 0x05 from now on (or accept them again). */
  setBusy(busy: boolean): void {
    this.options.busy = busy;
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<number> {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      const side = new Side(socket, this, 'main');
      socket.once('close', () => {
        if (this.main === side) this.main = undefined;
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port || this.port, host, () => resolve());
    });
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    return this.port;
  }

  /** An outage: both links cut and no new connection accepted until `listen` again (same port). */
  async goDown(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.slave?.socket.destroy();
    this.main = undefined;
    this.slave = undefined;
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /** Cuts the main link only (the slave link stays); with `busy` set, the next logins are refused. */
  dropMain(): void {
    this.main?.socket.destroy();
    this.main = undefined;
  }

  async close(): Promise<void> {
    await this.goDown();
  }

  get mainUp(): boolean {
    return Boolean(this.main && !this.main.socket.destroyed);
  }

  get slaveUp(): boolean {
    return Boolean(this.slave && !this.slave.socket.destroyed);
  }

  /** Sends a request on the slave link (where the standard puts the superior's requests), else the main link. */
  request(msgId: number, body: BusinessBody): void {
    const side = this.slaveUp ? this.slave : this.main;
    if (!side) throw new Error('no link to the lower platform');
    side.send(msgId, body);
  }

  dutyCheck(infoId: number, content: string, answerMinutes = 10, objectId = ''): void {
    const data = this.options.edition === '2019' ? { objectType: 1, objectId, answerTime: answerMinutes, infoId, infoContent: content } : { objectType: 1, objectId, infoId, infoContent: content };
    this.request(0x9300, { dataType: 0x9301, data });
  }

  supervise(vehicleNo: string, vehicleColor: number, supervisionId: number, deadlineS: number): void {
    const now = Math.floor(Date.now() / 1000);
    this.request(0x9400, {
      vehicleNo,
      vehicleColor,
      dataType: 0x9401,
      data: { warnSrc: 1, warnType: 1, warnTime: now, supervisionId, supervisionEndTime: deadlineS, supervisionLevel: 0, supervisor: '督办员', supervisorTel: '010-12345678', supervisorEmail: 'duty@example.gov.cn' },
    });
  }

  /** Messages received so far of a kind (a data type for business messages). */
  messages(msgId: number, dataType?: number): ReceivedMessage[] {
    return this.received.filter((m) => m.msgId === msgId && (dataType === undefined || (m.body as BusinessBody).dataType === dataType));
  }

  async waitFor<T>(check: () => T | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`superior simulator: timed out waiting for ${what}${this.lastError ? ` (last error: ${this.lastError})` : ''}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** @internal */
  receive(side: Side, frame: Buffer): void {
    const { edition, keys } = this.options;
    let header: Jt809Header;
    let body: Body | BusinessBody;
    try {
      const decoded = decodeFrame(frame, edition, keys);
      header = decoded.header;
      body = isBusinessMessage(header.msgId) ? decodeBusinessBody(header.msgId, decoded.body, edition) : decodeLinkBody(header.msgId, decoded.body, edition);
    } catch (error) {
      this.badFrames++;
      this.lastError = (error as Error).message;
      return;
    }
    this.received.push({ link: side.link, header, msgId: header.msgId, body, receivedAt: Date.now() });
    switch (header.msgId) {
      case 0x1001:
        return this.login(side, header, body as Body);
      case 0x1005:
        return side.send(0x1006, {});
      case 0x1003:
        side.send(0x1004, {});
        return void side.socket.end();
      default:
    }
  }

  private login(side: Side, header: Jt809Header, body: Body): void {
    const account = this.options.accounts.find((a) => a.accessCode === header.centerId);
    const byUser = this.options.accounts.find((a) => a.userId === Number(body.userId));
    const address = side.socket.remoteAddress?.replace('::ffff:', '') ?? '';
    const result = this.options.allowedIp && address !== this.options.allowedIp ? 1 : !account ? 2 : !byUser || byUser !== account ? 3 : account.password !== body.password ? 4 : this.options.busy ? 5 : 0;
    const verifyCode = result === 0 ? (Math.random() * 0xfffffff) >>> 0 : 0;
    this.loginResults.push(result);
    side.send(0x1002, { result, verifyCode });
    if (result !== 0) return;
    this.main = side;
    void this.openSlave(String(body.downLinkIp), Number(body.downLinkPort), verifyCode);
  }

  private async openSlave(host: string, port: number, verifyCode: number): Promise<void> {
    this.slave?.socket.destroy();
    const socket = connect({ host, port });
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    const side = new Side(socket, this, 'slave');
    socket.once('connect', () => side.send(0x9001, { verifyCode }));
    socket.once('close', () => {
      if (this.slave === side) this.slave = undefined;
    });
    this.slave = side;
  }
}
