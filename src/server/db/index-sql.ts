import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig, IndexedColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';

/**
 * CREATE INDEX statements for `table`'s indexes as its Drizzle schema declares them (the one definition; the
 * migration was generated from the same), built on `onTable` with each name passed through `rename`. For tables
 * rebuilt under another name and swapped in. Only btree column indexes are supported, partial ones only with a
 * predicate written as raw SQL without parameters (it must name the columns unqualified); anything else throws.
 */
export function createIndexStatements(table: PgTable, onTable: string, rename: (name: string) => string): string[] {
  return getTableConfig(table).indexes.map(({ config }) => {
    if ((config.method && config.method !== 'btree') || !config.name) {
      throw new Error(`createIndexStatements: index ${config.name ?? '(unnamed)'} is not a plain named btree index`);
    }
    const where = config.where ? new PgDialect().sqlToQuery(config.where) : undefined;
    if (where && where.params.length > 0) throw new Error(`index ${config.name}: a predicate with parameters`);
    const columns = config.columns.map((column) => {
      if (!(column instanceof IndexedColumn) || !column.name) throw new Error(`index ${config.name}: not a column`);
      const { order = 'asc', nulls } = column.indexConfig ?? {};
      // PostgreSQL's defaults: ASC NULLS LAST, DESC NULLS FIRST; only a departure is spelled out.
      const defaultNulls = order === 'desc' ? 'first' : 'last';
      const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
      return [
        name,
        order === 'desc' ? 'DESC' : '',
        nulls && nulls !== defaultNulls ? `NULLS ${nulls.toUpperCase()}` : '',
      ]
        .filter(Boolean)
        .join(' ');
    });
    const predicate = where ? ` WHERE ${where.sql}` : '';
    return `CREATE ${config.unique ? 'UNIQUE ' : ''}INDEX ${rename(config.name)} ON ${onTable} (${columns.join(', ')})${predicate}`;
  });
}

/** The index names of `table` as its Drizzle schema declares them. */
export function indexNames(table: PgTable): string[] {
  return getTableConfig(table).indexes.map(({ config }) => config.name ?? '');
}
