export * from './catalogue';
export * from './node-runtime';
