export * from './photo-format';
export * from './palm-photo.normaliser';
