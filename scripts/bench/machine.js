// Describes the machine a benchmark ran on, printed under every table.
const fs = require('node:fs');
const os = require('node:os');

function machineLine() {
  const cpus = os.cpus();
  return `machine: ${cpus[0]?.model ?? 'unknown CPU'} x${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.platform()} ${os.release()}, node ${process.version}`;
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

/**
 * CPU seconds (user + system) used so far by the local processes whose command name is `name`
 * (e.g. 'mariadbd', 'java' for the broker): /proc/<pid>/stat, Linux only; NaN where unreadable.
 * The benchmarks share the machine with the database and the broker; this says who spent the CPU.
 */
function processCpuSeconds(name) {
  let ticks = 0;
  let found = false;
  try {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== name) continue;
        // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
        found = true;
      } catch {
        // The process ended meanwhile.
      }
    }
  } catch {
    return NaN;
  }
  return found ? ticks / 100 : NaN; // USER_HZ is 100 on Linux
}

module.exports = { machineLine, percentile, processCpuSeconds };
