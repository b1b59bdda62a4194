import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { FetchBackedXhr } from './fetch-backed-xhr';

// Set directly, not with vi.stubGlobal: tests that unstub their globals keep it.
globalThis.XMLHttpRequest = FetchBackedXhr as unknown as typeof XMLHttpRequest;

afterEach(() => {
  cleanup();
});
