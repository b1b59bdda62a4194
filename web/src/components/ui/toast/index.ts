export { ToastProvider, useToast, TOAST_DURATION_MS, TOAST_LIMIT } from './toast-context';
export type { ToastInput, ToastItem, ToastVariant, ToastAction } from './toast-context';
export { Toaster, SWIPE_THRESHOLD_PX } from './toaster';
