/**
 * jsdom lacks the few browser APIs Radix's select and dnd-kit touch while opening popups; tests
 * that open them install these no-op stand-ins first.
 */
export function installRadixPolyfills(): void {
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => undefined;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
