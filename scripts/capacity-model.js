#!/usr/bin/env node
// Load model of cluster mode (docs/capacity.md): from the measured per-core costs in
// scripts/capacity-costs.json, what a fleet of N vehicles reporting every reportIntervalS needs:
// replicas and cores per service, Kafka partitions, database write rates against what one primary
// took in the benchmarks, storage per day and over the retention, and the first bottleneck.
//   npm run capacity                          the fleet sizes of the JSON
//   npm run capacity -- 250000 400000         other fleet sizes
//   CAPACITY_COSTS=my-costs.json npm run capacity
// Pure arithmetic: no I/O but reading the JSON and printing.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** A multiplier that is a number or the name of a top-level share ("evShare"). */
function perPosition(costs, value) {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && typeof costs[value] === 'number') return costs[value];
  throw new Error(`unknown multiplier ${JSON.stringify(value)}`);
}

/** The plan for one fleet size. */
function planCapacity(costs, vehicles) {
  const positionsPerS = vehicles / costs.reportIntervalS;
  const constraints = [];

  const services = costs.services.map((service) => {
    const eventsPerS = positionsPerS * perPosition(costs, service.eventsPerPosition);
    const measured = typeof service.perCoreSecond === 'number' && service.perCoreSecond > 0;
    // A broadcast service (every replica consumes every event) carries the whole load in each replica.
    const cores = measured ? eventsPerS / service.perCoreSecond : null;
    const perReplicaCores = cores === null ? null : service.broadcast ? cores : null;
    let replicas = service.minReplicas;
    if (cores !== null && !service.broadcast) replicas = Math.max(service.minReplicas, Math.ceil(cores / costs.targetCpu - 1e-9));
    const maxReplicas = service.maxReplicas ?? Infinity;
    const plan = { name: service.name, unit: service.unit, eventsPerS, cores, replicas, measured, broadcast: Boolean(service.broadcast), notes: [] };
    if (service.broadcast && perReplicaCores !== null) {
      plan.perReplicaCores = perReplicaCores;
      constraints.push({ what: `${service.name}: every replica handles all ${service.unit}`, load: perReplicaCores / costs.targetCpu, removedBy: 'consume the live topics per replica share (or pre-aggregate them) instead of every replica reading every position' });
      if (perReplicaCores > costs.targetCpu) plan.notes.push(`each replica needs ${fixed(perReplicaCores, 2)} cores: replicas do not divide it`);
    }
    if (replicas > maxReplicas) {
      plan.notes.push(`needs ${replicas} replicas, runs at most ${maxReplicas}`);
      replicas = maxReplicas;
      plan.replicas = replicas;
    }
    if (cores !== null && !service.broadcast && Number.isFinite(maxReplicas)) {
      constraints.push({ what: `${service.name}: ${maxReplicas} replica(s) at most`, load: cores / (maxReplicas * costs.targetCpu), removedBy: service.maxReplicasRemovedBy ?? `run ${service.name} as several replicas` });
    }
    if (!measured && service.eventsPerPosition !== 0) plan.notes.push('not measured: minimum replicas');
    return plan;
  });

  const byName = new Map(services.map((service) => [service.name, service]));
  const topics = costs.topics.map((topic) => {
    const consumers = costs.services.filter((service) => service.topic === topic.name).map((service) => byName.get(service.name));
    const needed = Math.max(0, ...consumers.map((service) => service.replicas));
    // A topic keyed by the publishing instance spreads over no more partitions than there are publishers.
    const usable = topic.publishers ? Math.min(topic.partitions, topic.publishers.reduce((sum, name) => sum + byName.get(name).replicas, 0)) : topic.partitions;
    // A consumer group has at most one busy member per usable partition: its cores against that many replicas.
    const busiest = Math.max(0, ...consumers.map((service) => (service.cores ?? 0) / costs.targetCpu));
    constraints.push({ what: `${topic.name}: ${usable} usable of ${topic.partitions} partitions`, load: busiest / usable, removedBy: topic.publishers ? 'key raw frames by terminal, not by publisher, and add partitions (a new topic version)' : 'more partitions: a new topic version (the key-to-partition map changes; co-partitioned topics change together)' });
    return { name: topic.name, partitions: topic.partitions, usable, needed, consumers: consumers.map((service) => service.name) };
  });

  const tables = costs.tables.map((table) => {
    const rowsPerS = table.rowsPerVehicleDay !== undefined ? (vehicles * table.rowsPerVehicleDay) / 86_400 : positionsPerS * perPosition(costs, table.rowsPerPosition);
    const bytesPerDay = rowsPerS * 86_400 * table.bytesPerRow;
    return { name: table.name, database: table.database, rowsPerS, bytesPerDay, retentionDays: table.retentionDays, bytesRetained: bytesPerDay * table.retentionDays };
  });

  const databases = costs.databases.map((database) => {
    const own = tables.filter((table) => table.database === database.name);
    const rowWritesPerS = own.reduce((sum, table) => sum + table.rowsPerS, 0);
    const ceilingRows = own.find((table) => table.name === database.ceilingTable)?.rowsPerS ?? 0;
    const load = typeof database.ceilingPerS === 'number' ? ceilingRows / database.ceilingPerS : null;
    if (load !== null) constraints.push({ what: `${database.name}: one MySQL primary (${fmt(database.ceilingPerS)} ${database.ceilingUnit}/s measured)`, load, removedBy: 'several primaries (tables sharded by the Kafka partition of the terminal), TiDB, or a column store for history' });
    const bytesRetained = own.reduce((sum, table) => sum + table.bytesRetained, 0);
    if (costs.diskPerPrimaryBytes) constraints.push({ kind: 'storage', what: `${database.name}: the data disk of one primary (${size(costs.diskPerPrimaryBytes)})`, load: bytesRetained / costs.diskPerPrimaryBytes, removedBy: 'shorter retention, compressed or columnar history, or the history spread over several servers' });
    return { name: database.name, rowWritesPerS, load, bytesPerDay: own.reduce((sum, table) => sum + table.bytesPerDay, 0), bytesRetained };
  });

  constraints.sort((a, b) => b.load - a.load);
  for (const constraint of constraints) constraint.kind ??= 'throughput';
  const totals = {
    replicas: services.reduce((sum, service) => sum + service.replicas, 0),
    cores: services.reduce((sum, service) => sum + (service.cores ?? 0) * (service.broadcast ? service.replicas : 1), 0),
    bytesPerDay: tables.reduce((sum, table) => sum + table.bytesPerDay, 0),
    bytesRetained: tables.reduce((sum, table) => sum + table.bytesRetained, 0),
  };
  const first = (kind) => constraints.find((constraint) => constraint.kind === kind);
  return { vehicles, positionsPerS, services, topics, tables, databases, totals, bottleneck: first('throughput'), storageBottleneck: first('storage'), constraints };
}

const fmt = (value) => Math.round(value).toLocaleString('en-US');
const fixed = (value, digits) => value.toFixed(digits);
const size = (bytes) => (bytes >= 1e12 ? `${fixed(bytes / 1e12, 1)} TB` : bytes >= 1e9 ? `${fixed(bytes / 1e9, 1)} GB` : `${fixed(bytes / 1e6, 1)} MB`);

function table(header, rows) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => String(row[i]).length)));
  const line = (row) => `| ${row.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The printed report of several plans. */
function formatPlans(plans, costs) {
  const out = [`Capacity model: vehicles reporting every ${costs.reportIntervalS} s, replicas planned at ${fixed(costs.targetCpu * 100, 0)} % of a core (scripts/capacity-costs.json).`];
  for (const plan of plans) {
    out.push('', `## ${fmt(plan.vehicles)} vehicles: ${fmt(plan.positionsPerS)} positions/s`, '');
    out.push(table(['service', 'load', 'cores used', 'replicas', 'note'], plan.services.map((service) => [
      service.name,
      `${fmt(service.eventsPerS)} ${service.unit}/s`,
      service.cores === null ? '-' : service.broadcast ? `${fixed(service.cores, 2)} per replica` : fixed(service.cores, 2),
      service.replicas,
      service.notes.join('; '),
    ])));
    out.push('', table(['topic', 'partitions', 'usable', 'consumer replicas', 'consumers'], plan.topics.map((topic) => [topic.name, topic.partitions, topic.usable, topic.needed, topic.consumers.join(', ')])));
    out.push('', table(['table', 'rows/s', 'per day', 'retention', 'retained'], plan.tables.map((row) => [row.name, fmt(row.rowsPerS), size(row.bytesPerDay), `${row.retentionDays} d`, size(row.bytesRetained)])));
    out.push('', table(['database', 'row writes/s', 'of one primary', 'per day', 'retained'], plan.databases.map((db) => [db.name, fmt(db.rowWritesPerS), db.load === null ? 'not measured' : `${fixed(db.load * 100, 0)} %`, size(db.bytesPerDay), size(db.bytesRetained)])));
    out.push('', `Total: ${plan.totals.replicas} replicas, ${fixed(plan.totals.cores, 1)} cores used, ${size(plan.totals.bytesPerDay)} a day, ${size(plan.totals.bytesRetained)} retained.`);
    // Loads grow with the fleet, so the highest one is the first limit reached, at vehicles / load.
    // CPU limits count against targetCpu: 100 % is the planning margin, not a saturated core.
    const describe = (label, constraint) => `${label}: ${constraint.what}, at ${fixed(constraint.load * 100, 0)} % of its limit (reached at about ${fmt(plan.vehicles / constraint.load)} vehicles); removed by: ${constraint.removedBy}.`;
    out.push(describe('First throughput bottleneck', plan.bottleneck));
    if (plan.storageBottleneck) out.push(describe('First storage bottleneck', plan.storageBottleneck));
    const over = plan.constraints.filter((constraint) => constraint.load >= 1).map((constraint) => `${constraint.what} (${fixed(constraint.load * 100, 0)} %)`);
    out.push(`Over their limit: ${over.length ? over.join('; ') : 'none'}.`);
  }
  return out.join('\n');
}

function main(argv) {
  const costs = JSON.parse(readFileSync(process.env.CAPACITY_COSTS ?? join(__dirname, 'capacity-costs.json'), 'utf8'));
  const sizes = argv.length ? argv.map(Number) : costs.fleetSizes;
  if (sizes.some((value) => !Number.isFinite(value) || value <= 0)) throw new Error('usage: capacity-model.js [vehicles...]');
  console.log(formatPlans(sizes.map((vehicles) => planCapacity(costs, vehicles)), costs));
}

module.exports = { planCapacity, formatPlans };

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
