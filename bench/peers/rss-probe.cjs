// Preloaded into each peer process (`node --require rss-probe.cjs …`): at
// exit, writes the process's peak resident set size in bytes to the file
// named by SKILLGRAPH_RSS_FILE, so peers are compared on memory too.
'use strict';
const { writeFileSync } = require('node:fs');

const target = process.env.SKILLGRAPH_RSS_FILE;
if (target) {
  process.on('exit', () => {
    try {
      writeFileSync(target, String(process.resourceUsage().maxRSS * 1024));
    } catch {
      // The measurement is best effort; never change the peer's exit status.
    }
  });
}
