// Child process of `npm run bench:809`: superior platforms (the simulator of libs/jt809) whose CPU
// is not counted. Tracks every position per vehicle: its order and which arrived.
const { SuperiorPlatformSimulator } = require('@openfleet/jt809');

const sims = [];
const seen = new Map(); // `${platform}|${plate}` -> { last, count, outOfOrder, seqs: Set }
let realtime = 0;
let reissued = 0;

function track(platform, plate, gnss, via) {
  const seq = ('lonE6' in gnss ? gnss.lonE6 : gnss.data.readUInt32BE(12)) - 116_000_000;
  const key = `${platform}|${plate}`;
  const entry = seen.get(key) ?? { last: -1, count: 0, outOfOrder: 0, seqs: new Set() };
  if (seq <= entry.last) entry.outOfOrder++;
  entry.last = Math.max(entry.last, seq);
  entry.count++;
  entry.seqs.add(seq);
  seen.set(key, entry);
  if (via === 'realtime') realtime++;
  else reissued++;
}

process.on('message', async (message) => {
  if (message.type === 'start') {
    for (let i = 0; i < message.count; i++) {
      const sim = new SuperiorPlatformSimulator({ edition: message.edition, accounts: [{ userId: 5000 + i, password: 'bench', accessCode: 880000 + i }], keys: message.keys, encrypt: false });
      // Positions are counted as they arrive instead of kept.
      const receive = sim.receive.bind(sim);
      sim.receive = (side, frame) => {
        const before = sim.received.length;
        receive(side, frame);
        for (const m of sim.received.splice(before)) {
          if (m.msgId === 0x1200 && m.body.dataType === 0x1202) track(i, m.body.vehicleNo, m.body.data.position, 'realtime');
          else if (m.msgId === 0x1200 && m.body.dataType === 0x1203) for (const g of m.body.data.positions) track(i, m.body.vehicleNo, g, 'reissue');
          else sim.received.push(m);
        }
      };
      await sim.listen(0);
      sims.push(sim);
    }
    process.send({ type: 'ports', ports: sims.map((s) => s.port) });
  } else if (message.type === 'stats') {
    let outOfOrder = 0;
    for (const entry of seen.values()) outOfOrder += entry.outOfOrder;
    process.send({ type: 'stats', realtime, reissued, outOfOrder, up: sims.map((s) => s.mainUp && s.slaveUp), badFrames: sims.reduce((n, s) => n + s.badFrames, 0) });
  } else if (message.type === 'missing') {
    // Which of the expected sequence ranges per vehicle never arrived.
    let missing = 0;
    for (const [plate, from, to] of message.expect) {
      const entry = seen.get(`0|${plate}`);
      for (let seq = from; seq < to; seq++) if (!entry?.seqs.has(seq)) missing++;
    }
    process.send({ type: 'missing', missing });
  } else if (message.type === 'down') {
    await sims[message.index].goDown();
    process.send({ type: 'down' });
  } else if (message.type === 'up') {
    await sims[message.index].listen();
    process.send({ type: 'up' });
  } else if (message.type === 'reset') {
    seen.clear();
    realtime = 0;
    reissued = 0;
    process.send({ type: 'reset' });
  }
});
