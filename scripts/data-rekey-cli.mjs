// `npm run data:rekey`: the compiled re-encryption command (packages/server/dist/data-rekey-cli.mjs, see
// scripts/build-server.mjs), built first when the server's sources are newer than it.
import { buildServer, dataRekeyCli, serverIsStale } from './build-server.mjs';

if (serverIsStale()) await buildServer();
await import(dataRekeyCli);
