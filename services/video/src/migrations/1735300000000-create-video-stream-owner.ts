import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/**
 * `video_stream_owner`: which video replica serves a stream (issue 31). One row per open stream
 * key, holding the replica's id, the internal URL the api routes its viewers to and the lease's
 * expiry; the row goes when the stream closes, and a dead replica's rows simply expire.
 */
export class CreateVideoStreamOwner1735300000000 implements MigrationInterface {
  name = 'CreateVideoStreamOwner1735300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'video_stream_owner',
        columns: [
          { name: 'stream_key', type: 'varchar', length: '64', isPrimary: true },
          { name: 'replica_id', type: 'varchar', length: '128' },
          { name: 'internal_url', type: 'varchar', length: '255' },
          { name: 'expires_at', type: 'bigint' },
        ],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('video_stream_owner', true);
  }
}
