export * from './catalogue';
export * from './messaging';
