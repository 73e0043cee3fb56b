// `npm run bench:encoding`: cost of the compact position encoding (protobuf) against JSON, per record.
const { positionCodec, positionJsonCodec } = require('@openfleet/contracts');
const { machineLine } = require('./machine');
const { samplePosition } = require('./sample-position');

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);

function measure(codec) {
  const records = Array.from({ length: 1000 }, (_, i) => samplePosition(i));
  // Warm up the JIT before timing.
  for (let i = 0; i < 50_000; i++) codec.decode(codec.encode(records[i % 1000]));
  let bytes = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < RECORDS; i++) {
    const encoded = codec.encode(records[i % 1000]);
    bytes += encoded.length;
    codec.decode(encoded);
  }
  const ns = Number(process.hrtime.bigint() - start);
  return { nsPerRecord: ns / RECORDS, bytesPerRecord: bytes / RECORDS, recordsPerSecond: (RECORDS / ns) * 1e9 };
}

const protobuf = measure(positionCodec);
const json = measure(positionJsonCodec);
const row = (name, m) => ({
  encoding: name,
  'encode+decode ns/record': m.nsPerRecord.toFixed(0),
  'records/s (1 core)': Math.round(m.recordsPerSecond).toLocaleString('en-US'),
  'bytes/record': m.bytesPerRecord.toFixed(1),
});
console.log(`position encoding, ${RECORDS.toLocaleString('en-US')} records each`);
console.table([row('protobuf (tracking.position.v1)', protobuf), row('JSON', json)]);
console.log(machineLine());
