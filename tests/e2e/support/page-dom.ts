/**
 * The little of the browser's DOM that the in-page checks touch. The root tsconfig compiles for
 * Node (no DOM lib), and functions passed to `evaluate` run in the page, so they cast
 * `globalThis` and their element arguments to these shapes instead of importing anything.
 */
export interface PageElement {
  checked?: boolean;
  value?: string;
  getAttribute(name: string): string | null;
  getAttributeNames(): string[];
  querySelectorAll(selectors: string): ArrayLike<PageElement>;
  decode?(): Promise<void>;
  getBoundingClientRect(): { width: number; height: number };
}

export interface PageGlobals {
  document: {
    activeElement: unknown;
    fonts: { ready: Promise<unknown> };
    querySelector(selectors: string): PageElement | null;
    body: { innerText: string } | null;
  };
  /** Set by the hostile payloads of the sanitising tests if any of them ever runs. */
  __xss?: unknown;
}
