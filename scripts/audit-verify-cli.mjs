// `npm run audit:verify`: the compiled audit-chain verification (packages/server/dist/audit-verify-cli.mjs, see
// scripts/build-server.mjs), built first when the server's sources are newer than it.
import { auditVerifyCli, buildServer, serverIsStale } from './build-server.mjs';

if (serverIsStale()) await buildServer();
await import(auditVerifyCli);
