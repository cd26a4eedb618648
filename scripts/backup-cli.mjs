// `npm run backup|restore …`: the compiled backup command (packages/server/dist/backup-cli.mjs, see
// scripts/build-server.mjs), built first when the server's sources are newer than it.
import { backupCli, buildServer, serverIsStale } from './build-server.mjs';

if (serverIsStale()) await buildServer();
await import(backupCli);
