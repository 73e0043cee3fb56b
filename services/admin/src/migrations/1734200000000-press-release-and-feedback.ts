import { autoIncrementId } from '@openfleet/storage';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { column } from './column-spec';

/**
 * Press releases (pressRelease) are system notices of channel 1 with a level, an audience and an
 * expiry; their read receipts per user and delivery receipts per vehicle (0x8300). Feedback.
 */
export class PressReleaseAndFeedback1734200000000 implements MigrationInterface {
  name = 'PressReleaseAndFeedback1734200000000';

  async up(runner: QueryRunner): Promise<void> {
    const added = ['channel:int=0', 'level:int=0', 'audience:varchar(16)=', 'audience_ids:varchar(4000)=', 'expires_at:bigint?', 'pushed_at:bigint?'];
    await runner.addColumns('system_notice', added.map((spec) => new TableColumn(column(spec))));
    await runner.createIndex('system_notice', new TableIndex({ name: 'ix_system_notice_channel_pushed', columnNames: ['channel', 'status', 'pushed_at'] }));

    await runner.createTable(new Table({ name: 'notice_receipt', columns: [autoIncrementId(runner), ...['notice_id:bigint', 'user_id:bigint', 'company_id:bigint', 'read_at:bigint?'].map(column)] }));
    await runner.createIndex('notice_receipt', new TableIndex({ name: 'ux_notice_receipt_notice_user', columnNames: ['notice_id', 'user_id'], isUnique: true }));
    await runner.createIndex('notice_receipt', new TableIndex({ name: 'ix_notice_receipt_user', columnNames: ['user_id', 'read_at'] }));

    const delivery = ['notice_id:bigint', 'vehicle_id:varchar(32)', 'plate_code:varchar(32)=', 'request_id:varchar(80)', 'status:int=0', 'error_code:int=0', 'sent_at:bigint', 'answered_at:bigint?'];
    await runner.createTable(new Table({ name: 'notice_delivery', columns: [autoIncrementId(runner), ...delivery.map(column)] }));
    await runner.createIndex('notice_delivery', new TableIndex({ name: 'ux_notice_delivery_request', columnNames: ['request_id'], isUnique: true }));
    await runner.createIndex('notice_delivery', new TableIndex({ name: 'ix_notice_delivery_notice', columnNames: ['notice_id'] }));

    const feedback = [
      'company_id:bigint', 'company_path:varchar(255)', 'user_id:bigint', 'account:varchar(32)=', 'source:varchar(16)=console', 'type:int',
      'content:varchar(2000)', 'contact:varchar(64)=', 'image_key:varchar(128)=', 'status:int=0', 'reply:varchar(2000)?', 'replied_by:varchar(32)=',
      'replied_at:bigint?', 'reply_unread:int=0', 'created_at:bigint',
    ];
    await runner.createTable(new Table({ name: 'feedback', columns: [autoIncrementId(runner), ...feedback.map(column)] }));
    await runner.createIndex('feedback', new TableIndex({ name: 'ix_feedback_status_path', columnNames: ['status', 'company_path'] }));
    await runner.createIndex('feedback', new TableIndex({ name: 'ix_feedback_user', columnNames: ['user_id'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('feedback');
    await runner.dropTable('notice_delivery');
    await runner.dropTable('notice_receipt');
    await runner.dropIndex('system_notice', 'ix_system_notice_channel_pushed');
    for (const name of ['pushed_at', 'expires_at', 'audience_ids', 'audience', 'level', 'channel']) await runner.dropColumn('system_notice', name);
  }
}
