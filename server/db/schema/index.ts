// Every table of the platform, one module per area. drizzle-kit reads this folder to write migrations.
export * from './system';
export * from './files';
export * from './identity';
export * from './users';
export * from './scenes';
export * from './publishing';
export * from './marketplace';
export * from './assets';
export * from './comments';
export * from './follows';
export * from './notifications';
export * from './reactions';
export * from './insights';
export * from './groups';
export * from './districts';
export * from './directMessages';
export * from './blocks';
