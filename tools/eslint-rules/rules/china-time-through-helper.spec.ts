import { ruleTester } from './rule-tester';
import rule from './china-time-through-helper';

const error = (value: number) => ({ messageId: 'handWritten', data: { value: String(value) } });

ruleTester.run('china-time-through-helper', rule, {
  valid: [
    { code: 'const day = 24 * 3600;', filename: 'services/tracking/src/report/report.service.ts' },
    { code: 'const hour = 3600 * 1000; const eight = 8;', filename: 'services/tracking/src/report/report.service.ts' },
    { code: 'export const CHINA_OFFSET_MS = 8 * 3600 * 1000;', filename: 'libs/contracts/src/time/china-time.ts' },
    { code: 'const x = 28800;', filename: 'libs/x/src/a.ts', options: [{ allow: ['libs/x/src/a.ts'] }] },
  ],
  invalid: [
    { code: 'const t = now + 8 * 3600;', filename: 'services/alarm/src/a.ts', errors: [error(28800)] },
    { code: 'const t = now + 28800;', filename: 'services/alarm/src/a.ts', errors: [error(28800)] },
    { code: 'const t = now + 8 * 60 * 60;', filename: 'services/alarm/src/a.ts', errors: [error(28800)] },
    { code: 'const t = now + 480 * 60;', filename: 'console/src/features/x/y.ts', errors: [error(28800)] },
    { code: 'const t = new Date(ms + 8 * 3600 * 1000);', filename: 'libs/contracts/src/report/a.ts', errors: [error(28800000)] },
    { code: 'const t = ms + 8 * 60 * 60 * 1000;', filename: 'services/tracking/src/a.ts', errors: [error(28800000)] },
    { code: 'const t = ms + 28_800_000;', filename: 'services/tracking/src/a.ts', errors: [error(28800000)] },
  ],
});
