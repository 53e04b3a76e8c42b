// Refuses, in one line, a Node older than the pinned Electron tooling supports (engines in package.json).
// Plain old JavaScript on purpose: it must run on the old Node it turns away.
'use strict';
var need = [22, 12, 0];
var have = process.versions.node.split('.').map(Number);
var ok = have[0] !== need[0] ? have[0] > need[0] : have[1] !== need[1] ? have[1] > need[1] : have[2] >= need[2];
if (!ok) {
  process.stderr.write(
    'Frontdesk needs Node ' +
      need.join('.') +
      ' or newer (this is ' +
      process.version +
      '): run "nvm install" in this folder (it reads .nvmrc), then try again.\n',
  );
  process.exit(1);
}
