import { encodeFrame, encodeLinkBody } from '@openfleet/jt809';
import { Socket } from 'node:net';
import { Jt809Connection } from './jt809-connection';

describe('Jt809Connection', () => {
  const frame = encodeFrame({ edition: '2011', msgId: 0x1005, serial: 1, centerId: 1 }, encodeLinkBody(0x1005, {}, '2011'));
  const setup = (onMessage: () => void) => {
    const socket = new Socket();
    const seen = { errors: [] as string[], badFrames: [] as string[] };
    const connection = new Jt809Connection(socket, { edition: '2011', centerId: 1, onMessage, onBadFrame: (error) => seen.badFrames.push(error.message), onError: (error) => seen.errors.push(error.message) });
    return { socket, seen, connection };
  };

  it("reports a socket 'error' instead of leaving it without a listener (which would crash the process)", () => {
    const { socket, seen } = setup(() => undefined);
    expect(() => socket.emit('error', new Error('read ECONNRESET'))).not.toThrow();
    expect(seen.errors).toEqual(['read ECONNRESET']);
    socket.destroy();
  });

  it('reports a handler that throws apart from bad frames, and keeps reading', () => {
    let calls = 0;
    const { socket, seen, connection } = setup(() => {
      calls++;
      throw new Error('handler broke');
    });
    socket.emit('data', Buffer.concat([frame, frame]));
    expect(calls).toBe(2);
    expect(seen.errors).toEqual(['handler broke', 'handler broke']);
    expect([connection.badFrames, seen.badFrames]).toEqual([0, []]);
    socket.destroy();
  });
});
