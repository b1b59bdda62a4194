export * from './hand-landmarks';
export * from './pose-measures';
export * from './pose-gate';
export * from './hand-crop';
export * from './hand-gate';
export * from './capture-guide';
export * from './palm-surface';
