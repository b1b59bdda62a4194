export * from './limits.contract';
export * from './problem.contract';
export * from './reading.contract';
export * from './events.contract';
export * from './flow.contract';
export * from './prompt.contract';
export * from './admin.contract';
export * from './sharing.contract';
