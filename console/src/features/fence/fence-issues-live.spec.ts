/**
 * @jest-environment node
 */
// Node's own fetch drives the base query here; the hub is the fake socket.
import type { FenceIssueRow } from '@openfleet/contracts/fence';
import type { InstructionOrderEvent } from '@openfleet/contracts/instruction';
import { api } from '../../app/api';
import { liveSocket } from '../../app/live-socket';
import { makeStore } from '../../app/store';
import { sockets } from '../../test/fake-socket';
import { initialSessionState } from '../session/sessionSlice';
import { fenceApi } from './fenceApi';

jest.mock('socket.io-client', () => require('../../test/fake-socket'));

const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://console.test') : input, init);
  }
} as typeof Request;

const row = (state: string, orderStatus: number): FenceIssueRow => ({ vehicleId: 'v1', plateCode: '京A00001', state, stale: false, orderStatus, errorCode: 0, updatedAt: 1 });
const order = (batchId: string, status: number): InstructionOrderEvent => ({
  orderId: '9', batchId, vehicleId: 'v1', terminalPhone: '13800000001', plateCode: '京A00001', commandType: 'setArea', msgId: '0x8604', status, errorCode: 0, at: 5000,
});
const answer = (data: unknown) => new Response(JSON.stringify({ flag: true, errorCode: 200, msg: '', data }), { headers: { 'Content-Type': 'application/json' } });

describe('fence issue states follow the live socket', () => {
  const fetchMock = jest.fn<Promise<Response>, [Request]>();
  beforeEach(() => {
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => liveSocket.setToken(null));

  it('patches the cached row on its order event at once and refetches the states, without polling', async () => {
    const store = makeStore({ session: { ...initialSessionState, token: 't1' } });
    liveSocket.setToken('t1');
    fetchMock.mockResolvedValueOnce(answer([row('issuing', 0)])).mockResolvedValueOnce(answer([row('issued', 1)]));
    const subscription = store.dispatch(fenceApi.endpoints.fenceIssues.initiate(5));
    await subscription;
    const cached = () => fenceApi.endpoints.fenceIssues.select(5)(store.getState()).data;
    expect(cached()).toEqual([row('issuing', 0)]);
    while (!sockets.length) await new Promise((resolve) => setTimeout(resolve, 5));
    sockets[0]!.open();

    // Another fence's order (fence-50-...) leaves this one alone.
    sockets[0]!.push('instructionOrder', order('fence-50-x', 1));
    expect(cached()).toEqual([row('issuing', 0)]);

    sockets[0]!.push('instructionOrder', order('fence-5-abc', 1));
    expect(cached()).toEqual([{ ...row('issuing', 1), updatedAt: 5000 }]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(cached()).toEqual([row('issued', 1)]);

    subscription.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });
});
