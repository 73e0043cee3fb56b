#!/usr/bin/env node
// A JT/T 809 superior (government) platform for trying the forwarder by hand:
//   npm run simulate:809 -- --port 9809 --edition 2019 --user 5001 --password pw5001 --access-code 880001
// Add a platform in superiorPlatformM with these values (main link 127.0.0.1:<port>); the simulator
// checks the login, opens the slave link back, verifies every frame's CRC (and the cipher with
// --m1/--ia1/--ic1), prints what arrives, and on a schedule (--every seconds, 0 never) sends in
// turn a duty check, supervision, static-information, stop and start, text and listen-in requests
// (all but the duty check need --plate).
const { SuperiorPlatformSimulator, messageName } = require('@openfleet/jt809');

function parse(argv) {
  const options = { port: 9809, edition: '2019', user: 5001, password: 'pw5001', accessCode: 880001, m1: 0, ia1: 0, ic1: 0, encrypt: false, every: 60, plate: '', color: 1, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (key === 'help') {
      console.log('options: --port --edition 2011|2019 --user --password --access-code --m1 --ia1 --ic1 --encrypt --every <s> --plate <for supervision/start/stop> --color --quiet');
      process.exit(0);
    }
    if (!(key in options)) throw new Error(`unknown option --${argv[i].replace(/^--/, '')}`);
    if (typeof options[key] === 'boolean') options[key] = true;
    else options[key] = typeof options[key] === 'number' ? Number(argv[++i]) : argv[++i];
  }
  return options;
}

async function main() {
  const o = parse(process.argv.slice(2));
  const keys = { m1: o.m1, ia1: o.ia1, ic1: o.ic1 };
  const sim = new SuperiorPlatformSimulator({ edition: o.edition, accounts: [{ userId: o.user, password: String(o.password), accessCode: o.accessCode }], keys, encrypt: o.encrypt });
  const port = await sim.listen(o.port, '0.0.0.0');
  console.log(`superior platform (JT/T 809-${o.edition}) listening on ${port}: user ${o.user}, access code ${o.accessCode}`);
  let printed = 0;
  const counts = new Map();
  setInterval(() => {
    for (; printed < sim.received.length; printed++) {
      const m = sim.received[printed];
      const name = messageName(m.msgId, m.body.dataType);
      counts.set(name, (counts.get(name) ?? 0) + 1);
      if (!o.quiet && m.msgId !== 0x1200) console.log(`${new Date().toISOString()} ${m.link} ${name} ${JSON.stringify(m.body, (k, v) => (v && v.type === 'Buffer' ? `<${v.data.length} bytes>` : v))}`);
    }
  }, 500);
  setInterval(() => {
    const summary = [...counts].map(([name, n]) => `${name} ${n}`).join(', ');
    console.log(`links: main ${sim.mainUp ? 'up' : 'down'}, slave ${sim.slaveUp ? 'up' : 'down'}; bad frames ${sim.badFrames}; received: ${summary || 'nothing yet'}`);
  }, 10_000);
  let infoId = 0;
  if (o.every > 0) {
    setInterval(() => {
      if (!sim.mainUp) return;
      infoId++;
      const vehicle = { vehicleNo: o.plate, vehicleColor: o.color };
      const schedule = [
        () => sim.dutyCheck(infoId, `查岗 ${infoId}: 请回复值班人员`, 5, String(o.accessCode)),
        () => sim.supervise(o.plate, o.color, infoId, Math.floor(Date.now() / 1000) + 1800),
        () => sim.request(0x9600, { ...vehicle, dataType: 0x9601, data: {} }),
        () => sim.request(0x9200, { ...vehicle, dataType: 0x9206, data: { reasonCode: 1 } }),
        () => sim.request(0x9200, { ...vehicle, dataType: 0x9205, data: { reasonCode: 1 } }),
        () => sim.request(0x9500, { ...vehicle, dataType: 0x9503, data: { msgSequence: infoId, priority: 1, content: `上级平台消息 ${infoId}` } }),
        () => sim.request(0x9500, { ...vehicle, dataType: 0x9501, data: { monitorTel: '01012345678' } }),
      ];
      try {
        schedule[o.plate ? infoId % schedule.length : 0]();
      } catch (error) {
        console.log(`request not sent: ${error.message}`);
      }
    }, o.every * 1000);
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
