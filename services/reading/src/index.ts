export { readingModule } from './reading.module';
/** The report's renderers, for the report benchmark (bench/report.bench.ts). */
export { renderReportPdf } from './report/report-pdf.renderer';
export { renderShareCard } from './report/share-card.renderer';
