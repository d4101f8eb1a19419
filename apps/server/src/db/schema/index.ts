export * from './catalog';
export * from './organization';
export * from './access';
export * from './audit';
