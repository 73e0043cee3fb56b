#!/usr/bin/env node
// `npm run lint` part two: no import circles in libs, services or the console, type-only imports
// included. A dynamic `import()` (the console's lazy screens) is a chunk boundary that loads later,
// so it does not count as an edge.
const madge = require('madge');

const ROOTS = process.argv.length > 2 ? process.argv.slice(2) : ['libs', 'services', 'console/src'];
const typescript = { skipTypeImports: false, skipAsyncImports: true };

madge(ROOTS, {
  baseDir: `${__dirname}/..`,
  fileExtensions: ['ts', 'tsx'],
  tsConfig: `${__dirname}/../tsconfig.base.json`,
  excludeRegExp: [/(^|\/)(dist|node_modules|coverage)\//, /\.d\.ts$/],
  detectiveOptions: { ts: typescript, tsx: { ...typescript, jsx: true }, es6: { skipAsyncImports: true } },
})
  .then((graph) => {
    const circles = graph.circular();
    if (!circles.length) return console.log(`import circles: none in ${Object.keys(graph.obj()).length} files`);
    console.error(`import circles: ${circles.length}`);
    for (const circle of circles) console.error(`  ${circle.join(' > ')} > ${circle[0]}`);
    process.exitCode = 1;
  })
  .catch((error) => {
    console.error(`check-cycles: ${error.message}`);
    process.exitCode = 2;
  });
