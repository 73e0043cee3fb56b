// What every service benchmark shares: where Kafka and MariaDB are, this run's id (prefixes of its
// topics and schemas, so nothing else on the broker or server is read), the latency cell of its
// table, dropping its schemas, and the exit code.
const { percentile } = require('./machine');

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const mysql = { host: process.env.MYSQL_HOST ?? '127.0.0.1', port: Number(process.env.MYSQL_PORT ?? 3306), user: process.env.MYSQL_USER ?? 'root', password: process.env.MYSQL_PASSWORD ?? '' };
const run = Date.now().toString(36);

/** "p50 / p95 / p99 / max ms" of sorted milliseconds ("-" where nothing arrived). */
function latencyCell(sorted) {
  const ms = (v) => (Number.isFinite(v) ? v.toFixed(0) : '-');
  return `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.95))} / ${ms(percentile(sorted, 0.99))} / ${ms(sorted.at(-1))} ms`;
}

/** Drops this run's schemas, unless BENCH_KEEP asks to look at them afterwards. */
async function dropSchemas(connection, prefix, names) {
  if (process.env.BENCH_KEEP) return;
  for (const name of names) await connection.query(`DROP DATABASE IF EXISTS \`${prefix}${name}\``);
}

/** Runs the benchmark and exits (open handles of the services would keep the process up). */
function runMain(main) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

module.exports = { brokers, mysql, run, latencyCell, dropSchemas, runMain };
