import { autoIncrementId } from '@openfleet/storage';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { column } from './column-spec';

/** Social bindings of users (`autoBindSocial`) and app releases (`getLastVersionAPK`). */
export class CreateSocialAndAppVersion1732280000000 implements MigrationInterface {
  name = 'CreateSocialAndAppVersion1732280000000';

  async up(runner: QueryRunner): Promise<void> {
    const social = ['user_id:bigint', 'type:varchar(16)', 'open_id:varchar(64)', 'bound_at:bigint'];
    await runner.createTable(new Table({ name: 'user_social', columns: [autoIncrementId(runner), ...social.map(column)] }));
    await runner.createIndex('user_social', new TableIndex({ name: 'uq_user_social_type_open_id', columnNames: ['type', 'open_id'], isUnique: true }));
    await runner.createIndex('user_social', new TableIndex({ name: 'uq_user_social_user_id_type', columnNames: ['user_id', 'type'], isUnique: true }));
    const versions = [
      'platform:varchar(8)', 'version_name:varchar(32)', 'version_code:int', 'download_url:varchar(255)', 'force_update:int=0',
      'changelog:varchar(1000)?', 'created_at:bigint',
    ];
    await runner.createTable(new Table({ name: 'app_version', columns: [autoIncrementId(runner), ...versions.map(column)] }));
    await runner.createIndex('app_version', new TableIndex({ name: 'uq_app_version_platform_version_name', columnNames: ['platform', 'version_name'], isUnique: true }));
    await runner.createIndex('app_version', new TableIndex({ name: 'uq_app_version_platform_version_code', columnNames: ['platform', 'version_code'], isUnique: true }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('app_version');
    await runner.dropTable('user_social');
  }
}
