import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** A dictionary (code list) such as fuel types or emission standards; its entries are items. */
@Entity('dictionary_type')
export class DictionaryType {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ type: 'varchar', length: 32 }) code!: string;
  @Column({ type: 'varchar', length: 32 }) name!: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) remark!: string | null;
}

@Entity('dictionary_item')
export class DictionaryItem {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  @Column({ name: 'type_id', type: 'bigint', transformer: numericId }) typeId!: number;
  @Column({ type: 'varchar', length: 64 }) label!: string;
  @Column({ type: 'varchar', length: 64 }) value!: string;
  @Column({ type: 'int', default: 0 }) sort!: number;
  @Column({ type: 'varchar', length: 255, nullable: true }) remark!: string | null;
}
