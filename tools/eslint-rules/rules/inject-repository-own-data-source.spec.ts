import { ruleTester } from './rule-tester';
import rule from './inject-repository-own-data-source';

const inject = (args: string) => `class S { constructor(@InjectRepository(${args}) private readonly rows: Repository<Row>) {} }`;

ruleTester.run('inject-repository-own-data-source', rule, {
  valid: [
    { code: inject("Alarm, 'alarm'"), filename: 'services/alarm/src/alarm/alarm.service.ts' },
    { code: inject("Platform, 'forwarder_809'"), filename: 'services/forwarder-809/src/platform/platform.service.ts' },
    { code: "class S { constructor(@InjectDataSource('video') private readonly db: DataSource) {} }", filename: 'services/video/src/a.ts' },
    // Tests and libs compose their own DataSources.
    { code: inject('Row'), filename: 'libs/storage/src/testing/a.ts' },
    { code: inject("Row, 'x'"), filename: 'services/alarm/test/alarm-test-app.ts' },
  ],
  invalid: [
    { code: inject('Alarm'), filename: 'services/alarm/src/alarm/alarm.service.ts', errors: [{ messageId: 'missing' }] },
    { code: inject("Vehicle, 'admin'"), filename: 'services/tracking/src/a.ts', errors: [{ messageId: 'foreign', data: { decorator: 'InjectRepository', actual: 'admin', expected: 'tracking' } }] },
    { code: inject("Platform, 'forwarder-809'"), filename: 'services/forwarder-809/src/a.ts', errors: [{ messageId: 'foreign' }] },
    { code: inject('Alarm, ALARM_DB'), filename: 'services/alarm/src/a.ts', errors: [{ messageId: 'notLiteral' }] },
    { code: "class S { constructor(@InjectDataSource() private readonly db: DataSource) {} }", filename: 'services/video/src/a.ts', errors: [{ messageId: 'missing' }] },
  ],
});
