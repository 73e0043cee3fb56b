import { createServer, type Server } from 'node:net';
import { ephemeralPortRange, freePorts } from './free-port';

const listen = (port: number, host: string) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject).listen({ port, host, exclusive: true }, () => resolve(server));
  });
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('freePorts', () => {
  afterEach(() => jest.restoreAllMocks());

  it('names distinct ports below the ephemeral range that a server can then bind on every interface', async () => {
    const [ephemeralLow] = ephemeralPortRange();
    const ports = await freePorts(5);
    expect(new Set(ports).size).toBe(5);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralLow);
      await close(await listen(port, '0.0.0.0'));
    }
  });

  it('skips a port another process listens on, even on 127.0.0.1 only', async () => {
    const [taken] = await freePorts(1);
    const holder = await listen(taken, '127.0.0.1');
    try {
      const high = ephemeralPortRange()[0] - 1;
      // The first pick is the taken port, the next ones anything else.
      const takenDraw = (taken - 10_000) / (high - 10_000 + 1);
      const random = jest.spyOn(Math, 'random').mockReturnValueOnce(takenDraw + 1e-9);
      const [port] = await freePorts(1);
      expect(random.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(port).not.toBe(taken);
    } finally {
      await close(holder);
    }
  });

  it('names as many ports as a whole cluster needs at once', async () => {
    const ports = await freePorts(300);
    expect(new Set(ports).size).toBe(300);
  });

  it('reads the range the kernel hands out', () => {
    const [low, high] = ephemeralPortRange();
    expect(low).toBeGreaterThan(1024);
    expect(high).toBeGreaterThanOrEqual(low);
  });
});
