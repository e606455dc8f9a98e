// Every feature's tables; add a line when a feature adds a schema file.
export * from './accounts';
export * from './platform';
export * from './assets';
export * from './providers';
export * from './parts';
export * from './tenders';
export * from './tender-bidders';
export * from './admin';
export * from './quotes';
export * from './stored-files';
export * from './data-sources';
export * from './developers';
export * from './alerts';
export * from './tender-notices';
export * from './trust';
export * from './tender-evaluation';
export * from './tender-records';
