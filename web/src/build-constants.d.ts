/** Set by `define` in vite.config.ts. */
declare const __BUILD_YEAR__: number;
