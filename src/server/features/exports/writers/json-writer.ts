import type { Writable } from 'node:stream';
import type { ExportDocument } from '../export-document.ts';
import { toPlainRow } from './cell-values.ts';
import { toMetadataJson } from './metadata.ts';
import { BatchedWriter, endOutput } from './stream-io.ts';

// `{ "metadata": {...}, "tables": { "<name>": [rows…] }, "rowCounts": { "<name>": n } }`, written row by row: the
// whole string never sits in memory. Rows are objects keyed by column key in column order; dates are ISO strings.
// rowCounts comes last because it is known only once the rows are written. Without metadata the key is absent.

/** Writes the document as JSON into `out` and ends it; returns the rows written per table. */
export async function writeJson(
  document: ExportDocument,
  out: Writable,
  options: { includeMetadata: boolean },
): Promise<Record<string, number>> {
  const writer = new BatchedWriter(out);
  const rowCounts: Record<string, number> = {};
  await writer.push('{');
  if (options.includeMetadata) await writer.push(`"metadata":${JSON.stringify(toMetadataJson(document.metadata))},`);
  await writer.push('"tables":{');
  for (const [index, table] of document.tables.entries()) {
    await writer.push(`${index > 0 ? ',' : ''}\n${JSON.stringify(table.name)}:[`);
    let count = 0;
    for await (const row of table.rows) {
      await writer.push(`${count > 0 ? ',' : ''}\n${JSON.stringify(toPlainRow(row, table.columns))}`);
      count += 1;
    }
    await writer.push('\n]');
    rowCounts[table.name] = count;
  }
  await writer.push(`},\n"rowCounts":${JSON.stringify(rowCounts)}}\n`);
  await writer.flush();
  await endOutput(out);
  return rowCounts;
}
