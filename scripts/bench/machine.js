// Describes the machine a benchmark ran on, printed under every table.
const os = require('node:os');

function machineLine() {
  const cpus = os.cpus();
  return `machine: ${cpus[0]?.model ?? 'unknown CPU'} x${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.platform()} ${os.release()}, node ${process.version}`;
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

module.exports = { machineLine, percentile };
