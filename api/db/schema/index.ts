export * from './catalogue';
export * from './messaging';
export * from './orders';
export * from './limits';
