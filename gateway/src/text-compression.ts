import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * Text the product writes per request — the API's JSON (a reading is 10–20 KB) and the report
 * page's HTML — goes out brotli- or gzip-compressed when the browser accepts it, whether a service
 * answered in this process or through its proxy. The web build's files and the landing page come
 * precompressed (they already carry Content-Encoding, which this leaves alone); photos, PDFs and
 * cards are compressed formats and are not touched.
 */
export const textCompression = (): RequestHandler => compression();
