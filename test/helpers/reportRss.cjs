// Preloaded into a CLI run by the hostile-input tests: prints the peak RSS on exit, for them to print.
process.on('exit', () => process.stderr.write(`\npeak-rss-bytes=${process.resourceUsage().maxRSS * 1024}\n`));
