export { createPalmObserver, type PalmObserver } from './palm-observer';
export { RETAKE_MESSAGES } from './quality-gates';
