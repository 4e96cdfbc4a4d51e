// `npm start`: builds the web client when the build is missing or older than its sources (or
// was built for other SITE_TITLE / CLIENT_ID / CLIENT_AUTH_KEY values), then starts the server.
// A fresh clone needs nothing else: the SQLite file and the first admin are made on first start.
import { buildWeb, isBuildFresh } from './web-build.ts';

if (!isBuildFresh()) {
  process.stdout.write('Building the web app…\n');
  if (!buildWeb()) process.exit(1);
}

await import('#server/main');
