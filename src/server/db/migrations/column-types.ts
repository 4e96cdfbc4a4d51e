// The few column types that differ between SQLite and PostgreSQL, chosen once per dialect
// so that one set of migrations passes on both.
import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { DialectName } from '../kysely.ts';

export interface ColumnTypes {
  dialect: DialectName;
  /** Adds an auto-incrementing integer primary key named `id`. */
  addId<T extends string>(table: CreateTableBuilder<T>): CreateTableBuilder<T, 'id'>;
  blob: 'blob' | 'bytea';
  real: 'real' | 'double precision';
}

export function columnTypesFor(dialect: DialectName): ColumnTypes {
  const idColumn = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey();
  return {
    dialect,
    addId: (table) => table.addColumn('id', dialect === 'sqlite' ? 'integer' : 'serial', idColumn),
    blob: dialect === 'sqlite' ? 'blob' : 'bytea',
    real: dialect === 'sqlite' ? 'real' : 'double precision',
  };
}
