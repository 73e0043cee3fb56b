import type { MediaTokens } from '../delivery/media-tokens';
import type { StreamHub } from '../media/stream-hub';
import { HolderProbe } from './holder-probe';
import type { RegistryRow, StreamOwners } from './stream-owners';

const KEY = '013900000031-1';
const row = (replicaId: string): RegistryRow => ({ key: KEY, replicaId, internalUrl: `http://${replicaId}:8080`, expiresAt: Date.now() + 10_000 });

function setUp(options: { row?: RegistryRow; hubOpen?: boolean } = {}) {
  const owners = {
    replicaId: 'me',
    rowOf: jest.fn(async () => options.row),
    claim: jest.fn(async () => ({ mine: true })),
    takeOver: jest.fn(async () => true),
  };
  const hub = { get: jest.fn((key: string) => (key === KEY && options.hubOpen !== undefined ? { closed: !options.hubOpen } : undefined)) };
  const tokens = { issue: jest.fn(() => ({ token: 'signed', expiresAt: 0 })), verify: jest.fn() };
  const probe = new HolderProbe(owners as unknown as StreamOwners, hub as unknown as StreamHub, tokens as unknown as MediaTokens);
  return { probe, owners, tokens };
}

const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('HolderProbe', () => {
  let fetchMock: jest.SpyInstance;
  beforeEach(() => {
    fetchMock = jest.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchMock.mockRestore());

  it('holds what its hub streams (open, not closed) and what a registered holder says', () => {
    expect(setUp({ hubOpen: true }).probe.heldHere(KEY)).toBe(true);
    expect(setUp({ hubOpen: false }).probe.heldHere(KEY)).toBe(false);
    const { probe } = setUp();
    expect(probe.heldHere('talk:1')).toBe(false);
    probe.holdAlso((key) => key === 'talk:1');
    expect(probe.heldHere('talk:1')).toBe(true);
  });

  it('answers a probe only with a token signed for the key', () => {
    const { probe, tokens } = setUp({ hubOpen: true });
    expect(probe.answer(KEY, 'signed')).toEqual({ replicaId: 'me', held: true });
    expect(tokens.verify).toHaveBeenCalledWith('signed', KEY);
    tokens.verify.mockImplementation(() => {
      throw new Error('3012');
    });
    expect(() => probe.answer(KEY, 'forged')).toThrow('3012');
  });

  it('takes over from a holder that cannot be reached, conditionally on the row as read', async () => {
    const seen = row('video-1');
    const { probe, owners } = setUp({ row: seen });
    fetchMock.mockRejectedValue(new TypeError('fetch failed: ECONNREFUSED'));
    expect(await probe.takeOverIfGone(KEY)).toBe(true);
    expect(fetchMock.mock.calls[0][0]).toBe(`http://video-1:8080/video/internal/stream-owner/${KEY}/held?token=signed`);
    expect(owners.takeOver).toHaveBeenCalledWith(seen, expect.any(Number), undefined);
  });

  it('takes over from a holder that says it no longer holds the key, or is another replica now', async () => {
    for (const data of [{ replicaId: 'video-1', held: false }, { replicaId: 'video-9', held: true }]) {
      const { probe, owners } = setUp({ row: row('video-1') });
      fetchMock.mockReturnValueOnce(answer(200, { flag: true, data }));
      expect(await probe.takeOverIfGone(KEY)).toBe(true);
      expect(owners.takeOver).toHaveBeenCalledTimes(1);
    }
  });

  it('never robs a holder that says it holds the key, or answers anything else', async () => {
    for (const reply of [answer(200, { flag: true, data: { replicaId: 'video-1', held: true } }), answer(500, { flag: false }), answer(503, { flag: true, data: { replicaId: 'video-1', held: false } }), answer(404, 'no such route')]) {
      const { probe, owners } = setUp({ row: row('video-1') });
      fetchMock.mockReturnValueOnce(reply);
      expect(await probe.takeOverIfGone(KEY)).toBe(false);
      expect(owners.takeOver).not.toHaveBeenCalled();
    }
  });

  it('does not probe its own row, and claims a key released meanwhile', async () => {
    const own = setUp({ row: row('me') });
    expect(await own.probe.takeOverIfGone(KEY)).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    const released = setUp({ row: undefined });
    expect(await released.probe.takeOverIfGone(KEY)).toBe(true);
    expect(released.owners.claim).toHaveBeenCalledWith(KEY, expect.any(Number), undefined);
    expect(released.owners.takeOver).not.toHaveBeenCalled();
  });

  it('reports a lost race: the row changed between the read and the takeover', async () => {
    const { probe, owners } = setUp({ row: row('video-1') });
    fetchMock.mockRejectedValue(new Error('timeout'));
    owners.takeOver.mockResolvedValueOnce(false);
    expect(await probe.takeOverIfGone(KEY)).toBe(false);
  });
});
