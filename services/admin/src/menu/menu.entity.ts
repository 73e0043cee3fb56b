import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** Node types: 1 directory (module), 2 menu (page/resource), 3 button (permission). */
export const MenuNodeType = { DIRECTORY: 1, MENU: 2, BUTTON: 3 } as const;

/** Where a node comes from: the seed sync refreshes only SEEDED nodes. */
export const MenuOrigin = { SEEDED: 0, EDITED: 1, ADDED: 2 } as const;

@Entity('menu')
export class MenuNode {
  @PrimaryColumn({ type: 'bigint', transformer: numericId }) id!: number;
  @Column({ name: 'parent_id', type: 'bigint', nullable: true, transformer: numericId }) parentId!: number | null;
  @Column({ type: 'varchar', length: 64 }) label!: string;
  @Column({ type: 'varchar', length: 128, default: '' }) href!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) icon!: string;
  @Column({ type: 'int', default: 0 }) sort!: number;
  @Column({ name: 'node_type', type: 'int' }) nodeType!: number;
  @Column({ name: 'action_code', type: 'varchar', length: 64, default: '' }) actionCode!: string;
  /** MenuOrigin: seeded as is, seeded and edited by an operator, or added by an operator. */
  @Column({ type: 'int', default: 0 }) origin!: number;
  /** 1: a seeded node an operator deleted; hidden, and the seed sync leaves it deleted. */
  @Column({ type: 'int', default: 0 }) removed!: number;
}
