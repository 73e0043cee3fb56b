// The link admission of TcpListener over real loopback TCP: links that never identify are closed at
// the deadline whatever they send, they have budgets of their own (per source address, and in all,
// where the oldest goes first), identified links have theirs, and only frames count as activity.
import { connect, type Socket } from 'node:net';
import { TcpListener, type LinkAdmission, type TcpLink } from './tcp-listener';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Client {
  socket: Socket;
  closed: boolean;
}

describe('TcpListener link admission', () => {
  let listener: TcpListener;
  const clients: Client[] = [];
  const serverLinks: TcpLink[] = [];

  const start = async (admission: LinkAdmission, idleMs = 60_000, onData?: (link: TcpLink, chunk: Buffer) => void) => {
    listener = new TcpListener((socket, link) => {
      serverLinks.push(link);
      socket.on('data', (chunk: Buffer) => onData?.(link, chunk));
    }, admission);
    await listener.listen(0, '127.0.0.1', idleMs);
  };
  const open = async (from = '127.0.0.1'): Promise<Client> => {
    const socket = connect({ port: listener.port(), host: '127.0.0.1', localAddress: from });
    const client = { socket, closed: false };
    clients.push(client);
    socket.on('error', () => undefined);
    socket.on('close', () => (client.closed = true));
    await new Promise((resolve) => socket.once('connect', resolve));
    await sleep(20);
    return client;
  };

  afterEach(async () => {
    clients.splice(0).forEach((client) => client.socket.destroy());
    serverLinks.splice(0);
    await listener.close();
  });

  it('closes a link that trickles bytes but never identifies at the deadline, and keeps one that identified', async () => {
    await start({ identifyWithinMs: 300, maxIdentified: 10, maxUnidentified: 10, maxUnidentifiedPerAddress: 10 }, 60_000, (link, chunk) => {
      if (chunk.toString() === 'hello') link.identify();
    });
    const junk = await open();
    const named = await open();
    named.socket.write('hello');
    for (let i = 0; i < 8; i++) {
      junk.socket.write('x');
      await sleep(100);
    }
    expect(junk.closed).toBe(true);
    expect(named.closed).toBe(false);
    expect(listener.counts()).toEqual({ identified: 1, unidentified: 0 });
    expect(listener.closes.unidentified).toBe(1);
  });

  it('refuses unidentified links past the per-address budget, not those of another address', async () => {
    await start({ identifyWithinMs: 5000, maxIdentified: 10, maxUnidentified: 10, maxUnidentifiedPerAddress: 2 });
    const a = [await open('127.0.0.2'), await open('127.0.0.2'), await open('127.0.0.2')];
    const other = await open('127.0.0.3');
    await sleep(50);
    expect(a.map((client) => client.closed)).toEqual([false, false, true]);
    expect(other.closed).toBe(false);
    expect(listener.closes.refused).toBe(1);
  });

  it('lets the oldest unidentified link go when the whole unidentified budget is full', async () => {
    await start({ identifyWithinMs: 5000, maxIdentified: 10, maxUnidentified: 3, maxUnidentifiedPerAddress: 10 });
    const first = await open('127.0.0.2');
    const rest = [await open('127.0.0.3'), await open('127.0.0.4'), await open('127.0.0.5')];
    await sleep(50);
    expect(first.closed).toBe(true);
    expect(rest.map((client) => client.closed)).toEqual([false, false, false]);
    expect(listener.counts().unidentified).toBe(3);
  });

  it('closes a link that identifies past the identified budget; a closed identified link frees its place', async () => {
    await start({ identifyWithinMs: 5000, maxIdentified: 2, maxUnidentified: 10, maxUnidentifiedPerAddress: 10 });
    const clientsOpen = [await open(), await open(), await open()];
    expect(serverLinks.slice(0, 2).map((link) => link.identify())).toEqual([true, true]);
    expect(serverLinks[2].identify()).toBe(false);
    await sleep(50);
    expect(clientsOpen.map((client) => client.closed)).toEqual([false, false, true]);
    expect(listener.closes.budget).toBe(1);
    clientsOpen[0].socket.destroy();
    await sleep(50);
    const late = await open();
    expect(serverLinks[3].identify()).toBe(true);
    expect(late.closed).toBe(false);
    expect(listener.counts()).toEqual({ identified: 2, unidentified: 0 });
  });

  it('counts frames, not bytes, as activity: an identified link sending only junk idles out', async () => {
    await start({ identifyWithinMs: 5000, maxIdentified: 10, maxUnidentified: 10, maxUnidentifiedPerAddress: 10 }, 400, (link, chunk) => {
      if (chunk.toString().startsWith('frame')) link.active();
    });
    const talker = await open();
    const junk = await open();
    serverLinks.forEach((link) => link.identify());
    for (let i = 0; i < 10; i++) {
      talker.socket.write('frame');
      junk.socket.write('x');
      await sleep(100);
    }
    expect(talker.closed).toBe(false);
    expect(junk.closed).toBe(true);
    expect(listener.closes.idle).toBe(1);
  });
});
