// One jest run, two projects: `unit` (no I/O beyond the process) and `integration`
// (real Kafka, MariaDB/MySQL, SQLite, TCP). `npm test` runs both, see scripts/test-all.
const { readFileSync } = require('node:fs');

const tsconfig = JSON.parse(readFileSync(`${__dirname}/tsconfig.base.json`, 'utf8'));
const moduleNameMapper = Object.fromEntries(
  Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace('/', '\\/')}$`,
    `<rootDir>/${target}`,
  ]),
);

// ts-jest transpiles each file on its own (no type check here; `npm run typecheck` does that).
// Not @swc/jest: the registry these machines use lacks some of @swc/core's platform packages, which
// leaves a lockfile that `npm ci` rejects.
function tsJest(compilerOptions) {
  return ['ts-jest', { isolatedModules: true, tsconfig: { target: 'es2022', module: 'commonjs', esModuleInterop: true, ...compilerOptions } }];
}

const transform = {
  '^.+\\.tsx?$': tsJest({ experimentalDecorators: true, emitDecoratorMetadata: true, resolveJsonModule: true }),
};

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform,
  moduleNameMapper,
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/.infra/', '<rootDir>/data/'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,services,scripts,tools}/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{libs,services,scripts,infra,console}/**/*.int-spec.ts'],
      // jest reads `testTimeout` only from the root config, so the project sets it in a setup file.
      // A suite fails when what it started leaves an unhandled rejection or an uncaught exception.
      setupFilesAfterEnv: ['<rootDir>/scripts/test/integration-timeout.js', '<rootDir>/scripts/test/unhandled-errors.js'],
    },
    {
      // The console runs in jsdom with its own React 19 (the root holds an older React for tooling).
      rootDir: __dirname,
      displayName: 'console',
      testEnvironment: require.resolve('jest-environment-jsdom', { paths: [`${__dirname}/console`] }),
      testMatch: ['<rootDir>/console/src/**/*.spec.{ts,tsx}'],
      setupFiles: ['<rootDir>/console/src/test/setup-globals.js'],
      transform: {
        '^.+\\.tsx?$': tsJest({ jsx: 'react-jsx' }),
      },
      moduleNameMapper: {
        ...moduleNameMapper,
        '^@openfleet/contracts/display-status$': '<rootDir>/libs/contracts/src/vehicle/display-status.ts',
        '^@openfleet/contracts/live$': '<rootDir>/libs/contracts/src/live/index.ts',
        '^@openfleet/contracts/validation-rules$': '<rootDir>/libs/contracts/src/validation-rules.ts',
        '^@openfleet/contracts/instruction$': '<rootDir>/libs/contracts/src/instruction/console.ts',
        '^@openfleet/contracts/alarm$': '<rootDir>/libs/contracts/src/alarm/index.ts',
        '^@openfleet/contracts/fence$': '<rootDir>/libs/contracts/src/fence/browser.ts',
        '^@openfleet/contracts/vehicle-service$': '<rootDir>/libs/contracts/src/vehicle-service/browser.ts',
        '^@openfleet/contracts/industry$': '<rootDir>/libs/contracts/src/industry/browser.ts',
        '^@openfleet/contracts/frame-archive$': '<rootDir>/libs/contracts/src/frame-archive/browser.ts',
        '^@openfleet/contracts/energy$': '<rootDir>/libs/contracts/src/energy/browser.ts',
        '^@openfleet/contracts/emission$': '<rootDir>/libs/contracts/src/energy/emission-api.ts',
        '^@openfleet/contracts/report$': '<rootDir>/libs/contracts/src/report/report-api.ts',
        '^@openfleet/contracts/admin$': '<rootDir>/libs/contracts/src/admin/browser.ts',
        '^@openfleet/contracts/video$': '<rootDir>/libs/contracts/src/video/video-api.ts',
        '^@openfleet/contracts/time$': '<rootDir>/libs/contracts/src/time/china-time.ts',
        '^react$': '<rootDir>/console/node_modules/react',
        '^react/(.*)$': '<rootDir>/console/node_modules/react/$1',
        '^react-dom$': '<rootDir>/console/node_modules/react-dom',
        '^react-dom/(.*)$': '<rootDir>/console/node_modules/react-dom/$1',
        '\\.css$': '<rootDir>/console/src/test/style-stub.js',
      },
      modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/.infra/', '<rootDir>/data/'],
    },
  ],
};
