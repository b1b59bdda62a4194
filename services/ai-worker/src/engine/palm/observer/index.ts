export { createPalmObserver, observePalm, observeWith, type PalmObserver } from './palm-observer';
export { RETAKE_MESSAGES } from './quality-gates';
export { LINE_CORRIDORS, type LineCorridor } from './palm-anchors';
