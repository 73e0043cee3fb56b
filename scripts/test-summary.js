// Prints one closing line for the whole suite ("Tests: N passed, N failed") from jest's JSON reports,
// and fails when nothing ran: a green run that tested nothing is a defect.
const { readFileSync } = require('node:fs');

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
