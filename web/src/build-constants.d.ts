/** Set by `define` in vite.config.ts. */
declare const __BUILD_YEAR__: number;
/** Set by `define` in web/build/hand-model.plugin.ts. */
declare const __HAND_MODEL__: import('../build/hand-model.plugin').HandModelUrls;
