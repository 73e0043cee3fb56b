/* global fetch, FormData, Blob -- Node 20 built-ins */
// --provision: creates the simulated vehicles, SIM cards and terminals through the admin API, as an
// operator would in the console, and binds them, so the simulator can run under `strict`
// registration. Re-running it finds what an earlier run created instead of failing.
// In bulk, as an operator with many vehicles does: SIM cards, terminals and vehicles go in through the
// Excel imports (`POST /basic/sim-card/import`, `/basic/terminal/import`, `/basic/vehicle/import`, up
// to 1,000 rows a file). The terminal sheet carries each terminal's camera count (视频通道数) and the
// vehicle sheet the terminal each new vehicle is bound to (终端手机号), so a new fleet needs no call per
// vehicle. Only what an earlier, interrupted run left half done is fixed one call each: a vehicle
// without its terminal, a terminal with another camera count.
const ExcelJS = require('exceljs');

/** Per-item fix-ups (binding, camera counts) at once. */
const PARALLEL = 8;
/** Rows an import takes in one file (the admin service's MAX_IMPORT_ROWS). */
const IMPORT_ROWS = 1000;
/** A list page (the largest `size` the API takes). */
const PAGE = 1000;

async function call(api, token, method, path, body) {
  const response = await fetch(new URL(path, api), {
    method,
    headers: body instanceof FormData ? { Authorization: `Bearer ${token}` } : { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
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

async function signIn({ api, user, password }) {
  const login = await call(api, undefined, 'POST', '/login', { username: user, password });
  if (!login.flag) throw new Error(`sign-in as ${user} failed: ${login.errorCode} ${login.msg}`);
  return login.data.access_token;
}

/** The longest prefix the keys share (the list endpoints' keyword is a substring match), at most 64 characters. */
function commonPrefix(keys) {
  if (!keys.length) return '';
  let prefix = keys[0];
  for (const key of keys) while (!key.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, 64);
}

/** Every record of a list endpoint matching `keyword`, by `field` (an earlier run's, or what an import just wrote). */
async function listAll(api, token, path, keyword, field) {
  const records = new Map();
  for (let current = 1; ; current++) {
    const page = await call(api, token, 'GET', `${path}?current=${current}&size=${PAGE}${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`);
    if (!page.flag) throw new Error(`GET ${path}: ${page.errorCode} ${page.msg}`);
    for (const record of page.data.records) records.set(record[field], record);
    if (page.data.records.length < PAGE) return records;
  }
}

/**
 * Imports `rows` through `POST /basic/<resource>/import`, 1,000 a file: a sheet whose header row is
 * the column keys, which every import accepts besides its Chinese and English headers.
 */
async function importRows(api, token, resource, columns, rows) {
  for (let start = 0; start < rows.length; start += IMPORT_ROWS) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(resource);
    sheet.addRow(columns);
    for (const row of rows.slice(start, start + IMPORT_ROWS)) sheet.addRow(columns.map((column) => row[column]));
    const form = new FormData();
    form.append('file', new Blob([await workbook.xlsx.writeBuffer()]), `${resource}.xlsx`);
    const answer = await call(api, token, 'POST', `/basic/${resource}/import`, form);
    if (!answer.flag) throw new Error(`import ${resource}: ${answer.errorCode} ${answer.msg} ${JSON.stringify(answer.data ?? '').slice(0, 300)}`);
  }
}

/** Runs `task` for every item, `PARALLEL` at a time. */
async function eachInParallel(items, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/**
 * Signs in and provisions every terminal: `{ phone (as entered, 11 digits), code (0x0100 device id),
 * plate, version, videoChannels }`. SIM cards, terminals and vehicles an earlier run left are kept;
 * the rest are imported, each new terminal with its camera count and each new vehicle bound to its
 * terminal by the import. Answers how many vehicles were bound now and how many were already.
 */
async function provision(account, terminals) {
  const { api } = account;
  const token = await signIn(account);
  const phoneKeyword = commonPrefix(terminals.map((terminal) => terminal.phone));
  const plateKeyword = commonPrefix(terminals.map((terminal) => terminal.plate));

  const sims = await listAll(api, token, '/basic/sim-card', phoneKeyword, 'number');
  await importRows(api, token, 'sim-card', ['number', 'operator'], terminals.filter((terminal) => !sims.has(terminal.phone)).map((terminal) => ({ number: terminal.phone, operator: 1 })));
  const existingTerminals = await listAll(api, token, '/basic/terminal', phoneKeyword, 'terminalPhone');
  const newTerminals = terminals.filter((terminal) => !existingTerminals.has(terminal.phone));
  await importRows(
    api,
    token,
    'terminal',
    ['terminalCode', 'terminalPhone', 'protocolVersion', 'videoChannels'],
    newTerminals.map((terminal) => ({ terminalCode: terminal.code, terminalPhone: terminal.phone, protocolVersion: terminal.version, videoChannels: terminal.videoChannels || undefined })),
  );
  const existingVehicles = await listAll(api, token, '/basic/vehicle', plateKeyword, 'plateCode');
  const newVehicles = terminals.filter((terminal) => !existingVehicles.has(terminal.plate));
  // A terminal an earlier run left bound to another vehicle is not named: the import would refuse the
  // whole file, and the bind below says which one.
  const freeTerminal = (terminal) => !existingTerminals.get(terminal.phone)?.vehicleId;
  await importRows(
    api,
    token,
    'vehicle',
    ['plateCode', 'plateColor', 'vehicleType', 'terminalPhone'],
    newVehicles.map((terminal) => ({ plateCode: terminal.plate, plateColor: 2, vehicleType: 1, terminalPhone: freeTerminal(terminal) ? terminal.phone : undefined })),
  );
  const boundByImport = newVehicles.filter(freeTerminal).length;

  // What an earlier run left half done, one call each.
  const toBind = terminals.filter((terminal) => {
    const vehicle = existingVehicles.get(terminal.plate);
    return vehicle ? !vehicle.terminalId : !freeTerminal(terminal);
  });
  const toRecount = terminals.filter((terminal) => {
    const record = existingTerminals.get(terminal.phone);
    return record && terminal.videoChannels && record.videoChannels !== terminal.videoChannels;
  });
  if (toBind.length) {
    const vehicleRecords = toBind.some((terminal) => !existingVehicles.has(terminal.plate)) ? await listAll(api, token, '/basic/vehicle', plateKeyword, 'plateCode') : existingVehicles;
    const terminalRecords = toBind.some((terminal) => !existingTerminals.has(terminal.phone)) ? await listAll(api, token, '/basic/terminal', phoneKeyword, 'terminalPhone') : existingTerminals;
    await eachInParallel(toBind, async (terminal) => {
      const vehicle = vehicleRecords.get(terminal.plate);
      const record = terminalRecords.get(terminal.phone);
      if (!vehicle || !record) throw new Error(`${terminal.plate} / ${terminal.phone}: not found after the import`);
      const answer = await call(api, token, 'POST', `/basic/vehicle/${vehicle.id}/bind`, { terminalId: Number(record.id) });
      if (!answer.flag) throw new Error(`bind ${terminal.plate} to ${terminal.phone}: ${answer.errorCode} ${answer.msg}`);
    });
  }
  await eachInParallel(toRecount, async (terminal) => {
    const answer = await call(api, token, 'PUT', `/basic/terminal/${existingTerminals.get(terminal.phone).id}`, { videoChannels: terminal.videoChannels });
    if (!answer.flag) throw new Error(`terminal ${terminal.phone} video channels: ${answer.errorCode} ${answer.msg}`);
  });
  const bound = boundByImport + toBind.length;
  return { created: bound, existing: terminals.length - bound };
}

/** Vehicles `{ vin, plate, plateColor? }` named by VIN (GB/T 32960 electric vehicles, HJ 1239 trucks): a vehicle with its VIN each, imported; plate colour 5 (green) unless given. */
async function provisionEvs(account, vehicles) {
  const token = await signIn(account);
  const existing = await listAll(account.api, token, '/basic/vehicle', commonPrefix(vehicles.map((vehicle) => vehicle.plate)), 'plateCode');
  const missing = vehicles.filter((vehicle) => !existing.has(vehicle.plate));
  await importRows(account.api, token, 'vehicle', ['plateCode', 'plateColor', 'vehicleType', 'vin'], missing.map((vehicle) => ({ plateCode: vehicle.plate, plateColor: vehicle.plateColor ?? 5, vehicleType: 1, vin: vehicle.vin })));
  return { created: missing.length, existing: vehicles.length - missing.length };
}

module.exports = { provision, provisionEvs };
