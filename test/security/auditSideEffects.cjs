/**
 * Preloaded with `node --require` into the server and the CLI under test. It
 * records every process spawn, network call and file open/read/listing (by
 * the path it really leads to) to the JSON-lines file named by SWE_BUNDLE_AUDIT_LOG, and refuses spawns and
 * network calls, so a test can prove what the process touched.
 */
'use strict';
const fs = require('fs');
const path = require('path');

const logFile = process.env.SWE_BUNDLE_AUDIT_LOG;
const append = fs.appendFileSync;
const realpath = fs.realpathSync.native;

/** Where a path really leads: a read through a symlink is a read of its target. */
function real(target) {
  const resolved = path.resolve(target instanceof URL ? target.pathname : String(target));
  try {
    return realpath(resolved);
  } catch {
    return resolved;
  }
}
function record(kind, name, detail) {
  append(logFile, JSON.stringify({ kind, name, detail: detail === undefined ? null : String(detail) }) + '\n');
}

function refuse(kind, object, names) {
  for (const name of names) {
    if (typeof object[name] !== 'function') continue;
    object[name] = function refused(first) {
      record(kind, name, typeof first === 'object' ? JSON.stringify(first) : first);
      throw new Error(`audit: ${kind} ${name} refused`);
    };
  }
}

function watchPaths(object, names, label) {
  for (const name of names) {
    const original = object[name];
    if (typeof original !== 'function') continue;
    object[name] = function audited(target, ...rest) {
      if (typeof target === 'string' || Buffer.isBuffer(target) || target instanceof URL) {
        record('fs', `${label}${name}`, real(target));
      }
      return original.call(this, target, ...rest);
    };
  }
}

refuse('exec', require('child_process'), ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']);
const net = require('net');
refuse('net', net, ['connect', 'createConnection']);
refuse('net', net.Socket.prototype, ['connect']);
refuse('net', require('tls'), ['connect']);
refuse('net', require('http'), ['request', 'get']);
refuse('net', require('https'), ['request', 'get']);
refuse('net', require('dns'), ['lookup', 'resolve', 'resolve4', 'resolve6']);
refuse('net', globalThis, ['fetch']);

const READS = ['open', 'openSync', 'readFile', 'readFileSync', 'readdir', 'readdirSync', 'opendir', 'opendirSync', 'createReadStream', 'readlink', 'readlinkSync'];
watchPaths(fs, READS, '');
watchPaths(fs.promises, ['open', 'readFile', 'readdir', 'opendir', 'readlink'], 'promises.');
