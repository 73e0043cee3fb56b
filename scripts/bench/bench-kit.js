// What every service benchmark shares: where Kafka and MariaDB are, this run's id (prefixes of its
// topics and schemas, so nothing else on the broker or server is read), the latency cell of its
// table, dropping its schemas and its topics, and the exit code.
const { Kafka, logLevel } = require('kafkajs');
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

/** Deletes the consumer groups and topics named with this run's topic prefix from the broker. */
async function deleteRunTopics(topicPrefix) {
  const admin = new Kafka({ clientId: `bench-cleanup-${run}`, brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const groups = (await admin.listGroups()).groups.map((group) => group.groupId).filter((id) => id.startsWith(topicPrefix));
    if (groups.length) await admin.deleteGroups(groups).catch(() => undefined); // a group whose member is still leaving stays
    const topics = (await admin.listTopics()).filter((name) => name.startsWith(topicPrefix));
    if (topics.length) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
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

module.exports = { brokers, mysql, run, latencyCell, dropSchemas, deleteRunTopics, runMain };
