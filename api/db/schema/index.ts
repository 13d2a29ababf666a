export * from './catalogue';
export * from './messaging';
export * from './orders';
export * from './limits';
export * from './users';
export * from './order-requests';
export * from './wallet';
export * from './admin';
