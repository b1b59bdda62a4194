export * from './photo-format';
export * from './palm-photo.normaliser';
export * from './palm-upload-words';
