// `npm run admin:init`: the compiled creation of the three administrators (packages/server/dist/admin-init-cli.mjs, see
// scripts/build-server.mjs), built first when the server's sources are newer than it.
import { adminInitCli, buildServer, serverIsStale } from './build-server.mjs';

if (serverIsStale()) await buildServer();
await import(adminInitCli);
