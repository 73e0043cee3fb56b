import type { MigrationInterface, QueryRunner } from 'typeorm';
import { MenuNodeType } from '../menu/menu.entity';
import { menuSeedRows } from '../menu/menu-seed';

/**
 * Once: seeded groups and pages take the operators' order (monitoring first, basic management last,
 * home first). Later starts leave `sort` alone, so an administrator's own ordering is kept.
 */
export class MenuOrder1732340000000 implements MigrationInterface {
  name = 'MenuOrder1732340000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const row of menuSeedRows()) {
      if (row.nodeType === MenuNodeType.BUTTON) continue;
      await runner.query('UPDATE menu SET sort = ? WHERE id = ?', [row.sort, row.id]);
    }
  }

  async down(): Promise<void> {
    // The earlier order was the seed position; nothing worth restoring.
  }
}
