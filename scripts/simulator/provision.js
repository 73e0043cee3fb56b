/* global fetch -- Node 20 built-in */
// --provision: creates the simulated vehicles, SIM cards and terminals through the admin API, as an
// operator would in the console, and binds them, so the simulator can run under `strict`
// registration. Re-running it finds what an earlier run created instead of failing.

const PARALLEL = 8;

async function call(api, token, method, path, body) {
  const response = await fetch(new URL(path, api), {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let envelope;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
  return envelope;
}

function idOf(envelope) {
  const data = envelope.data;
  return Number(typeof data === 'object' && data !== null ? data.id : data);
}

/** Finds a record on a list endpoint by keyword and a predicate (the earlier run's). */
async function find(api, token, path, keyword, predicate) {
  const page = await call(api, token, 'GET', `${path}?current=1&size=50&keyword=${encodeURIComponent(keyword)}`);
  return (page.data?.records ?? []).find(predicate);
}

async function provisionOne(api, token, terminal) {
  const vehicle = await call(api, token, 'POST', '/basic/vehicle', { plateCode: terminal.plate, plateColor: 2, vehicleType: 1 });
  let vehicleId = vehicle.flag ? idOf(vehicle) : undefined;
  if (!vehicle.flag) {
    const existing = await find(api, token, '/basic/vehicle', terminal.plate, (record) => record.plateCode === terminal.plate);
    if (!existing) throw new Error(`vehicle ${terminal.plate}: ${vehicle.errorCode} ${vehicle.msg}`);
    vehicleId = Number(existing.id);
    if (existing.terminalId) return { vehicleId, created: false };
  }
  const sim = await call(api, token, 'POST', '/basic/sim-card', { number: terminal.phone, operator: 1 });
  if (!sim.flag && sim.errorCode !== 4000) throw new Error(`SIM ${terminal.phone}: ${sim.errorCode} ${sim.msg}`);
  const created = await call(api, token, 'POST', '/basic/terminal', { terminalCode: terminal.code, terminalPhone: terminal.phone, protocolVersion: terminal.version, videoChannels: terminal.videoChannels || 0 });
  let terminalId = created.flag ? idOf(created) : undefined;
  if (!created.flag) {
    const existing = await find(api, token, '/basic/terminal', terminal.phone, (record) => record.terminalPhone === terminal.phone);
    if (!existing) throw new Error(`terminal ${terminal.phone}: ${created.errorCode} ${created.msg}`);
    terminalId = Number(existing.id);
  }
  const bound = await call(api, token, 'POST', `/basic/vehicle/${vehicleId}/bind`, { terminalId });
  if (!bound.flag) throw new Error(`bind ${terminal.plate} to ${terminal.phone}: ${bound.errorCode} ${bound.msg}`);
  return { vehicleId, created: true };
}

/** With --video, a terminal an earlier run provisioned gets its camera count (JT/T 1078 channels). */
async function ensureVideoChannels(api, token, terminal) {
  if (!terminal.videoChannels) return;
  const existing = await find(api, token, '/basic/terminal', terminal.phone, (record) => record.terminalPhone === terminal.phone);
  if (!existing || existing.videoChannels === terminal.videoChannels) return;
  const updated = await call(api, token, 'PUT', `/basic/terminal/${existing.id}`, { videoChannels: terminal.videoChannels });
  if (!updated.flag) throw new Error(`terminal ${terminal.phone} video channels: ${updated.errorCode} ${updated.msg}`);
}

/**
 * Signs in and provisions every terminal: `{ phone (as entered, 11 digits), code (0x0100 device id),
 * plate, version, videoChannels }`. Answers how many were created and how many existed already.
 */
async function provision({ api, user, password }, terminals) {
  const login = await call(api, undefined, 'POST', '/login', { username: user, password });
  if (!login.flag) throw new Error(`sign-in as ${user} failed: ${login.errorCode} ${login.msg}`);
  const token = login.data.access_token;
  let created = 0;
  for (let start = 0; start < terminals.length; start += PARALLEL) {
    const results = await Promise.all(terminals.slice(start, start + PARALLEL).map((terminal) => provisionOne(api, token, terminal)));
    created += results.filter((result) => result.created).length;
    await Promise.all(terminals.slice(start, start + PARALLEL).map((terminal) => ensureVideoChannels(api, token, terminal)));
  }
  return { created, existing: terminals.length - created };
}

/** Vehicles `{ vin, plate, plateColor? }` named by VIN (GB/T 32960 electric vehicles, HJ 1239 trucks): a vehicle with its VIN each; plate colour 5 (green) unless given. */
async function provisionEvs({ api, user, password }, vehicles) {
  const login = await call(api, undefined, 'POST', '/login', { username: user, password });
  if (!login.flag) throw new Error(`sign-in as ${user} failed: ${login.errorCode} ${login.msg}`);
  const token = login.data.access_token;
  let created = 0;
  for (const vehicle of vehicles) {
    const answer = await call(api, token, 'POST', '/basic/vehicle', { plateCode: vehicle.plate, plateColor: vehicle.plateColor ?? 5, vehicleType: 1, vin: vehicle.vin });
    if (answer.flag) created++;
    else if (!(await find(api, token, '/basic/vehicle', vehicle.plate, (record) => record.plateCode === vehicle.plate))) throw new Error(`vehicle ${vehicle.plate}: ${answer.errorCode} ${answer.msg}`);
  }
  return { created, existing: vehicles.length - created };
}

module.exports = { provision, provisionEvs };
