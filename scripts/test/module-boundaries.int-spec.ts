// Proves lint fails on forbidden imports across module boundaries (Nx tags + @nx/enforce-module-boundaries).
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../..');

function lint(filePath: string, code: string): string[] {
  const result = spawnSync(join(root, 'node_modules/.bin/eslint'), ['--format', 'json', '--stdin', '--stdin-filename', filePath], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  const [report] = JSON.parse(result.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return report.messages.filter((message) => message.ruleId === '@nx/enforce-module-boundaries').map((message) => message.message);
}

describe('module boundaries', () => {
  beforeAll(() => {
    // The rule reads the cached project graph; compute it the way `npm run lint` does.
    execFileSync(join(root, 'node_modules/.bin/nx'), ['show', 'projects'], { cwd: root, env: { ...process.env, NX_DAEMON: 'false' } });
  });

  it('forbids a lib importing a service', () => {
    // A lib the api does not use: for one it does (geo), the rule reports the import circle instead.
    expect(lint('libs/jt809/src/forbidden.ts', "import { ApiModule } from '@openfleet/api';\nexport const x = ApiModule;\n")).toEqual([
      expect.stringMatching(/type:lib.*can only depend on libs tagged with "type:lib"/),
    ]);
  });

  it('forbids a service importing another service or the standalone app', () => {
    expect(
      lint('services/api/src/forbidden.ts', "import { StandaloneModule } from '@openfleet/standalone';\nexport const x = StandaloneModule;\n"),
    ).toHaveLength(1);
  });

  it('allows a service to import libs and standalone to compose services', () => {
    expect(lint('services/api/src/allowed.ts', "import { Topics } from '@openfleet/contracts';\nexport const x = Topics;\n")).toEqual([]);
    expect(lint('services/standalone/src/allowed.ts', "import { ApiModule } from '@openfleet/api';\nexport const x = ApiModule;\n")).toEqual([]);
  });
});
