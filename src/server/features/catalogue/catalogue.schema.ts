// The catalogue and export shapes live in src/shared/api/catalogue.schema.ts: the /admin page's project and sector
// forms read and send them too. Re-exported here so the server's imports stay where they were.
export * from '../../../shared/api/catalogue.schema.ts';
