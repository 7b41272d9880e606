// Kept apart from pdf-writer.ts so importing the limit does not load pdfkit. The number lives in the shared contract
// so that the export form states it too.

export { PDF_ROW_LIMIT } from '../../../../shared/api/exports.schema.ts';
