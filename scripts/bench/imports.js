/* global fetch, FormData, Blob -- Node 20 built-ins */
// `npm run bench:imports`: how long the admin's Excel imports take and how many SQL statements they
// send, for full files (1,000 rows, the import's limit): SIM cards, terminals, vehicles that bind a
// terminal each (the vehicle sheet's terminal column), and a vehicle file refused for its last row.
// The admin module alone on a fresh MariaDB schema (BENCH_ENGINE=sqlite: a temporary SQLite
// directory), called over HTTP as the console calls it. Statements are counted in this process
// (TypeORM's query runners), so other clients of the server do not count.
require('reflect-metadata');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const ExcelJS = require('exceljs');
const { Test } = require('@nestjs/testing');
const { InProcessBus, silentBusLogger } = require('@openfleet/bus');
const { PlatformConfig, PlatformModule, loadConfig } = require('@openfleet/service-kit');
const { AdminModule } = require('@openfleet/admin');
const { createConnection } = require('mysql2/promise');
const { mysql, run, runMain } = require('./bench-kit');
const { machineLine } = require('./machine');

const ENGINE = process.env.BENCH_ENGINE ?? 'mysql';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1000);
const FILES = Number(process.env.BENCH_IMPORT_FILES ?? 2);
const PASSWORD = 'Bench12345';

/** Counts every statement a TypeORM query runner of this process sends. */
function countStatements() {
  const counter = { statements: 0 };
  const runners = [require('typeorm/driver/mysql/MysqlQueryRunner').MysqlQueryRunner, require('typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner').BetterSqlite3QueryRunner];
  for (const Runner of runners) {
    const query = Runner.prototype.query;
    Runner.prototype.query = function counted(...args) {
      counter.statements += 1;
      return query.apply(this, args);
    };
  }
  return counter;
}

async function sheet(rows) {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('data');
  for (const row of rows) worksheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function main() {
  const counter = countStatements();
  const prefix = `openfleet_bench_imports_${run}_`;
  const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-bench-imports-'));
  const env = {
    LOG_LEVEL: 'silent', DB_ENGINE: ENGINE, DATA_DIR: dataDir, MYSQL_HOST: mysql.host, MYSQL_PORT: String(mysql.port), MYSQL_USER: mysql.user, MYSQL_PASSWORD: mysql.password,
    MYSQL_DATABASE_PREFIX: prefix, AUTH_JWT_SECRET: `bench-imports-${run}-${'x'.repeat(40)}`, ADMIN_INITIAL_PASSWORD: PASSWORD,
  };
  const config = loadConfig(PlatformConfig, env);
  const bus = new InProcessBus({ logger: silentBusLogger });
  const moduleRef = await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'bench-imports', config, bus, env }), AdminModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const call = async (path, init) => (await fetch(`${base}${path}`, init)).json();
  const token = (await call('/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })).data.access_token;
  const upload = async (path, rows) => {
    const form = new FormData();
    form.append('file', new Blob([await sheet(rows)]), 'import.xlsx');
    const before = counter.statements;
    const started = performance.now();
    const answer = await call(path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { answer, ms: performance.now() - started, statements: counter.statements - before };
  };

  const results = [];
  const measure = async (what, path, rowsOf, expectFlag = true) => {
    for (let file = 0; file < FILES; file += 1) {
      const rows = rowsOf(file);
      const { answer, ms, statements } = await upload(path, rows);
      if (answer.flag !== expectFlag) throw new Error(`${what}: ${JSON.stringify(answer).slice(0, 300)}`);
      results.push({ what, file: file + 1, rows: rows.length - 1, ms, statements });
    }
  };
  const phone = (file, row) => `1390${String(file).padStart(2, '0')}${String(row).padStart(5, '0')}`;
  await measure('SIM cards', '/basic/sim-card/import', (file) => [['SIM卡号', '运营商'], ...Array.from({ length: ROWS }, (_, row) => [phone(file, row), 1])]);
  await measure('terminals', '/basic/terminal/import', (file) => [['终端编号', 'SIM卡号', '协议版本'], ...Array.from({ length: ROWS }, (_, row) => [`B${file}${String(row).padStart(5, '0')}`, phone(file, row), '2013'])]);
  const plate = (file, row) => `京B${String(file)}${String(row).padStart(4, '0')}`;
  await measure('vehicles, each binding a terminal', '/basic/vehicle/import', (file) => [['车牌号', '车牌颜色', '车辆类型', '终端手机号'], ...Array.from({ length: ROWS }, (_, row) => [plate(file, row), 2, 1, phone(file, row)])]);
  // A full file refused for its last row (a plate already registered): every row checked, nothing written.
  await measure('vehicles, refused (last row a duplicate)', '/basic/vehicle/import', (file) => [['车牌号', '车牌颜色', '车辆类型'], ...Array.from({ length: ROWS - 1 }, (_, row) => [`京C${file}${String(row).padStart(4, '0')}`, 2, 1]), [plate(0, 0), 2, 1]], false);

  console.log(`\nExcel imports, admin on ${ENGINE === 'mysql' ? `MariaDB ${mysql.host}:${mysql.port}` : 'SQLite'}, ${ROWS}-row files\n`);
  console.log('| import | file | rows | ms | rows/s | SQL statements |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.what} | ${r.file} | ${r.rows} | ${r.ms.toFixed(0)} | ${Math.round((r.rows / r.ms) * 1000)} | ${r.statements} |`);
  console.log(`\n${machineLine()}`);

  // The operation log is written after each answer: let the last one land before the pool closes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (ENGINE === 'mysql' && !process.env.BENCH_KEEP) {
    const connection = await createConnection(mysql);
    await connection.query(`DROP DATABASE IF EXISTS \`${prefix}admin\``);
    await connection.end();
  }
}

runMain(main);
