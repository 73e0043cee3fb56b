import { commandDef } from './command-catalogue';
import { maskOrderSecrets, maskSecrets, SECRET_MASK as MASK } from './order-secrets';

const order = (msgId: string, body: Record<string, unknown>, params: Record<string, unknown> = {}, replyBody: Record<string, unknown> | null = null) => ({ id: 1, msgId, params, body, replyBody });

describe('order secrets wherever an operator sees them', () => {
  it('masks the FTP user and password of a 0x9206 upload request and keeps the rest', () => {
    const body = { serverAddress: '10.0.0.1', port: 2121, user: 'v0a1b2c3d4e5f', password: 'Zm9vYmFyYmF6cXV4', path: '/', channel: 1, startTime: '261127080000' };
    const view = maskOrderSecrets(order('0x9206', body, { source: 'video' }));
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
    const view = maskOrderSecrets(
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
    const view = maskOrderSecrets(order('0x8105', serverSet, entered));
    expect(view.body.params).toBe(`0;${MASK};cmnet;${MASK};${MASK};gps.example.com;7611;;60`);
    expect(view.params).toMatchObject({ authCode: MASK, dialUser: MASK, dialPassword: MASK, apn: 'cmnet' });

    const upgrade = commandDef('remoteUpgrade')!.build({ url: 'ftp://fw.example/x.bin', apn: 'cmnet', dialUser: 'u2', dialPassword: 'p2', address: 'fw.example', tcpPort: 21 }, '2013');
    expect(maskOrderSecrets(order('0x8105', upgrade)).body.params).toBe(`ftp://fw.example/x.bin;cmnet;${MASK};${MASK};fw.example;21;;;;;0`);
    // Reset and other control commands carry no credential.
    expect(maskOrderSecrets(order('0x8105', { command: 4 })).body).toEqual({ command: 4 });
  });

  it('masks an instruction.order.v1 event without adding the fields it lacks', () => {
    const event = { orderId: '7', msgId: '0x8106', status: 1, replyMsgId: '0x0104', replyBody: { replySerial: 3, items: [{ id: 0x0012, type: 'string', value: 'dialpw' }, { id: 0x0001, type: 'dword', value: 30 }] } };
    expect(maskOrderSecrets(event)).toEqual({ ...event, replyBody: { replySerial: 3, items: [{ id: 0x0012, type: 'string', value: MASK }, { id: 0x0001, type: 'dword', value: 30 }] } });
    expect(Object.keys(maskOrderSecrets({ orderId: '8', msgId: '0x8201' }))).toEqual(['orderId', 'msgId']);
  });

  it('masks the dial users and passwords among terminalProM rows, by id or by a vendor name', () => {
    const rows = [
      { id: 0x0011, idHex: '0x0011', name: 'mainServerDialUser', type: 'string', value: 'dialer' },
      { id: 0x0016, idHex: '0x0016', name: 'backupServerDialPassword', type: 'string', value: 'pw' },
      { id: 0x0013, idHex: '0x0013', name: 'mainServerAddress', type: 'string', value: 'a.example' },
      { id: 0xf101, idHex: '0xF101', name: 'ftpPassword', type: 'string', value: 'vendor' },
      { id: 0x0025, idHex: '0x0025', name: 'slaveServerDialPassword', type: 'string', value: null },
    ];
    expect(maskSecrets(rows).map((row) => row.value)).toEqual([MASK, MASK, 'a.example', MASK, null]);
  });
});
