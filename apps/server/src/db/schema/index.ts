export * from './catalog';
export * from './organization';
export * from './access';
export * from './audit';
export * from './enrollment';
export * from './applications';
export * from './communication';
export * from './engagement';
