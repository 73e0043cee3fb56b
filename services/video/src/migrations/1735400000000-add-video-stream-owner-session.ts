import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * Talk-back keys of `video_stream_owner` name their session and carry what another replica needs
 * to end it once its owner died (the talker, each channel's vehicle and data type): `session_id`
 * (the talk id, on `talk:<id>` and each `<phone>-<channel>-talk` row; null for streams) and
 * `detail` (a short JSON). Indexed by session, which is how a close finds a session's channels.
 */
export class AddVideoStreamOwnerSession1735400000000 implements MigrationInterface {
  name = 'AddVideoStreamOwnerSession1735400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('video_stream_owner', [
      new TableColumn({ name: 'session_id', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'detail', type: 'varchar', length: '255', isNullable: true }),
    ]);
    await runner.createIndex('video_stream_owner', new TableIndex({ name: 'IDX_video_stream_owner_session', columnNames: ['session_id'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('video_stream_owner', 'IDX_video_stream_owner_session');
    await runner.dropColumns('video_stream_owner', ['session_id', 'detail']);
  }
}
