// Kept apart from pdf-writer.ts so importing the limit does not load pdfkit.

/**
 * Rows a pdf export holds at most (per table): a PDF of 100,000 rows is ~2,000 pages nobody reads. Past it the pdf
 * ends with a line saying the rest was cut and pointing to csv/xlsx.
 */
export const PDF_ROW_LIMIT = 5_000;
