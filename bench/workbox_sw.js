/* The Workbox side of bench/bench_worker.py: workbox-build's generateSW over the very files the
 * project's own worker keeps, with the settings that match its behaviour (take over at once,
 * drop outdated caches, directory URLs, query strings ignored). Prints what it did as JSON.
 * Usage: node bench/workbox_sw.js SITE_DIR FILES_JSON */
"use strict";
const fs = require("fs");
const { generateSW } = require("workbox-build");

const [site, list] = process.argv.slice(2);
const files = JSON.parse(fs.readFileSync(list, "utf8"));
const began = process.hrtime.bigint();
generateSW({
  globDirectory: site,
  globPatterns: files,
  swDest: `${site}/sw.js`,
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  directoryIndex: "index.html",
  ignoreURLParametersMatching: [/.*/],
  mode: "production",
  sourcemap: false,
}).then((result) => {
  const ms = Number(process.hrtime.bigint() - began) / 1e6;
  console.log(JSON.stringify({ count: result.count, size: result.size, files: result.filePaths,
    warnings: result.warnings, ms }));
}).catch((error) => {
  console.error(error);
  process.exit(1);
});
