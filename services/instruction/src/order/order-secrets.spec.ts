import { commandDef } from '@openfleet/contracts';
import { MASK, maskSecrets, orderView } from './order-secrets';

const order = (msgId: string, body: Record<string, unknown>, params: Record<string, unknown> = {}, replyBody: Record<string, unknown> | null = null) => ({ id: 1, msgId, params, body, replyBody });

describe('order secrets in the log', () => {
  it('masks the FTP user and password of a 0x9206 upload request and keeps the rest', () => {
    const body = { serverAddress: '10.0.0.1', port: 2121, user: 'v0a1b2c3d4e5f', password: 'Zm9vYmFyYmF6cXV4', path: '/', channel: 1, startTime: '261127080000' };
    const view = orderView(order('0x9206', body, { source: 'video' }));
    expect(view.body).toEqual({ ...body, user: MASK, password: MASK });
    expect(view.params).toEqual({ source: 'video' });
    // The stored order (what the terminal receives) is untouched.
    expect(body.password).toBe('Zm9vYmFyYmF6cXV4');
  });

  it('masks password, secret, auth code and limit password keys at any depth, not empty ones', () => {
    expect(maskSecrets({ limitPassword: 'x', nested: [{ clientSecret: 's', authCode: 'a', dialPassword: '' }], apn: 'cmnet', token: null })).toEqual({
      limitPassword: MASK,
      nested: [{ clientSecret: MASK, authCode: MASK, dialPassword: '' }],
      apn: 'cmnet',
      token: null,
    });
  });

  it('masks dial users and passwords among 0x8103 items and 0x0104 reply items', () => {
    const view = orderView(
      order('0x8103', { items: [{ id: 0x0001, value: 30 }, { id: 0x0012, value: 'dialpw' }, { id: 0x0011, value: 'dialer' }] }, {}, {
        items: [{ id: 0x0025, name: 'slaveServerDialPassword', type: 'string', value: 'pw2' }, { id: 0x0013, name: 'mainServerAddress', type: 'string', value: 'a.example' }],
      }),
    );
    expect(view.body.items).toEqual([{ id: 0x0001, value: 30 }, { id: 0x0012, value: MASK }, { id: 0x0011, value: MASK }]);
    expect(view.replyBody?.items).toEqual([{ id: 0x0025, name: 'slaveServerDialPassword', type: 'string', value: MASK }, { id: 0x0013, name: 'mainServerAddress', type: 'string', value: 'a.example' }]);
  });

  it("masks the auth code, dial user and password inside 0x8105's ';'-joined fields", () => {
    const entered = { connection: 0, authCode: 'AUTH123', apn: 'cmnet', dialUser: 'u1', dialPassword: 'p1', address: 'gps.example.com', tcpPort: 7611, timeLimitMin: 60 };
    const serverSet = commandDef('serverSet')!.build(entered, '2013');
    const view = orderView(order('0x8105', serverSet, entered));
    expect(view.body.params).toBe(`0;${MASK};cmnet;${MASK};${MASK};gps.example.com;7611;;60`);
    expect(view.params).toMatchObject({ authCode: MASK, dialUser: MASK, dialPassword: MASK, apn: 'cmnet' });

    const upgrade = commandDef('remoteUpgrade')!.build({ url: 'ftp://fw.example/x.bin', apn: 'cmnet', dialUser: 'u2', dialPassword: 'p2', address: 'fw.example', tcpPort: 21 }, '2013');
    expect(orderView(order('0x8105', upgrade)).body.params).toBe(`ftp://fw.example/x.bin;cmnet;${MASK};${MASK};fw.example;21;;;;;0`);
    // Reset and other control commands carry no credential.
    expect(orderView(order('0x8105', { command: 4 })).body).toEqual({ command: 4 });
  });
});
