import { decodeBundle, encodeBundle } from './record-bundle';

describe('record bundles', () => {
  const records = [
    { key: '013800000001', value: Buffer.from('first') },
    { key: '京A12345', value: Buffer.alloc(0) },
    { key: '', value: Buffer.from([0, 255, 7]) },
  ];

  it('lays out each record as key length u16, key, value length u32, value (big-endian)', () => {
    expect(encodeBundle([{ key: 'ab', value: Buffer.from([9, 8, 7]) }]).toString('hex')).toBe('0002' + '6162' + '00000003' + '090807');
  });

  it('gives back every record in order, keys in UTF-8, values as they were', () => {
    const decoded = decodeBundle(encodeBundle(records), 3);
    expect(decoded.map((record) => ({ key: record.key, value: record.value.toString('hex') }))).toEqual(records.map((record) => ({ key: record.key, value: record.value.toString('hex') })));
  });

  it('refuses a bundle that does not hold exactly the records its header counts', () => {
    const bundle = encodeBundle(records);
    expect(() => decodeBundle(bundle, 2)).toThrow('bytes after its 2 records');
    expect(() => decodeBundle(bundle, 4)).toThrow('3 records, its header says 4');
    expect(() => decodeBundle(bundle.subarray(0, bundle.length - 1), 3)).toThrow('truncated value');
    expect(() => decodeBundle(bundle.subarray(0, 1), 1)).toThrow('truncated key length');
    expect(() => decodeBundle(Buffer.from([0, 9, 0x41]), 1)).toThrow('truncated key or value length');
    expect(() => decodeBundle(bundle, 0)).toThrow('bad record count');
    expect(() => decodeBundle(bundle, Number('x'))).toThrow('bad record count');
  });
});
