export * from './hand-landmarks';
export * from './pose-measures';
export * from './pose-gate';
