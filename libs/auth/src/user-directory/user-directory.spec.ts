import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type UserDirectoryEntry } from '@openfleet/contracts';
import type { AuthUser } from '../auth-user';
import { OPERATOR_WORDS, operatorWords, userVisibleTo } from './operator-words';
import { UserDirectory } from './user-directory';

const entry = (userId: string, fields: Partial<UserDirectoryEntry> = {}): UserDirectoryEntry => ({
  userId, name: `用户${userId}`, account: `u${userId}`, companyId: '2', companyPath: ['1', '2'], deleted: false, updatedAt: 10, ...fields,
});
const caller = (fields: Partial<AuthUser> = {}): AuthUser => ({ id: '50', companyId: '2', userType: 1, roleIds: [], superAdmin: false, scope: { companies: ['2'], fleets: [] }, ...fields });

const consoleWords = (locale: string) => JSON.parse(readFileSync(join(__dirname, '../../../../console/src/i18n', `${locale}.json`), 'utf8')) as Record<string, string>;

describe('operatorWords', () => {
  const users = new Map([
    ['7', entry('7')],
    ['8', entry('8', { companyId: '3', companyPath: ['1', '3'] })],
    ['9', entry('9', { deleted: true })],
    ['10', entry('10', { companyId: '4', companyPath: ['1', '2', '4'] })],
  ]);
  const lookup = (id: string) => users.get(id);

  it('names a user of the caller\'s company subtree, a deleted one too', () => {
    expect(operatorWords('7', lookup, caller())).toBe('用户7');
    expect(operatorWords('10', lookup, caller())).toBe('用户10');
    expect(operatorWords('9', lookup, caller())).toBe('用户9');
  });

  it('says 未知用户 for another company\'s user and for an id nobody knows, never the id', () => {
    expect(operatorWords('8', lookup, caller())).toBe('未知用户');
    expect(operatorWords('404', lookup, caller())).toBe('未知用户');
    expect(operatorWords('8', lookup, caller(), 'en_US')).toBe('Unknown user');
  });

  it('lets a super administrator see every name and anyone their own', () => {
    expect(operatorWords('8', lookup, caller({ superAdmin: true, scope: { companies: [], fleets: [] } }))).toBe('用户8');
    expect(operatorWords('8', lookup, caller({ id: '8', companyId: '3', scope: { companies: ['5'], fleets: [] } }))).toBe('用户8');
  });

  it('limits a fleet-scoped user to the users of their own company', () => {
    const fleetUser = caller({ scope: { companies: [], fleets: ['f1'] } });
    expect(operatorWords('7', lookup, fleetUser)).toBe('用户7');
    expect(operatorWords('10', lookup, fleetUser)).toBe('未知用户');
  });

  it('writes the automatic operators in the console\'s words, in either language', () => {
    expect(operatorWords('system', lookup, caller())).toBe('系统');
    expect(operatorWords('platform809', lookup, caller())).toBe('上级平台');
    expect(operatorWords('openapi:app-1', lookup, caller())).toBe('开放接口 (app-1)');
    expect(operatorWords('system', lookup, caller(), 'en_US')).toBe('System');
    expect(operatorWords('platform809', lookup, caller(), 'en_US')).toBe('Superior platform');
    expect(operatorWords('openapi:app-1', lookup, caller(), 'en_US')).toBe('Open API (app-1)');
    expect(operatorWords('', lookup, caller())).toBe('');
    expect(operatorWords(null, lookup, caller())).toBe('');
  });

  it('uses exactly the console\'s operatorName words', () => {
    const zh = consoleWords('zh_CN');
    const en = consoleWords('en_US');
    for (const [locale, json] of [['zh_CN', zh], ['en_US', en]] as const) {
      expect(OPERATOR_WORDS[locale]).toEqual({ unknown: json['operatorName.unknown'], system: json['operatorName.system'], platform809: json['operatorName.platform809'], openApi: json['operatorName.openApi'] });
    }
  });

  it('matches admin\'s scope rule on company paths, not on the company id alone', () => {
    expect(userVisibleTo(caller({ scope: { companies: ['1'], fleets: [] } }), entry('8', { companyId: '3', companyPath: ['1', '3'] }))).toBe(true);
  });
});

describe('UserDirectory', () => {
  let bus: InProcessBus;
  let directory: UserDirectory;

  beforeEach(() => {
    bus = new InProcessBus({ logger: silentBusLogger });
    directory = new UserDirectory(bus, 'spec');
  });
  afterEach(async () => {
    await directory.onModuleDestroy();
    await bus.close();
  });

  it('follows the topic from its start, a newer record winning whatever the order, deleted users kept', async () => {
    await bus.publish(Topics.userDirectory, [
      { key: '7', value: entry('7', { name: '张三', updatedAt: 20 }) },
      { key: '7', value: entry('7', { name: '旧名', updatedAt: 10 }) },
      { key: '9', value: entry('9', { name: '李四', deleted: true }) },
    ]);
    await directory.onModuleInit();
    await directory.ready;
    expect(directory.byUserId('7')?.name).toBe('张三');
    const name = await directory.namer(caller());
    expect(name('7')).toBe('张三');
    expect(name('9')).toBe('李四');
    await bus.publish(Topics.userDirectory, [{ key: '7', value: entry('7', { name: '张三丰', updatedAt: 30 }) }]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(name('7')).toBe('张三丰');
  });
});
