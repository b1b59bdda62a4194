/** Set by `define` in vite.config.ts. */
declare const __BUILD_YEAR__: number;
/** Set by `define` in web/build/hand-model.plugin.ts (its HandModelUrls): where the hand model and TF.js's WASM builds are served. */
declare const __HAND_MODEL__: {
  model: string;
  wasm: Record<
    'tfjs-backend-wasm.wasm' | 'tfjs-backend-wasm-simd.wasm' | 'tfjs-backend-wasm-threaded-simd.wasm',
    string
  >;
};
