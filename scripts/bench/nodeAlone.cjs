// Node alone, measured as the servers are: a process that answers each request with an empty result as soon as it
// has read it, and exits on `exit`. Its spawn → initialize time is what Node itself takes on this machine (with this
// environment: NODE_EXTRA_CA_CERTS, for one, is read at every start), beneath any server's.
let buffer = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const headerEnd = buffer.indexOf('\r\n\r\n');
    if (headerEnd === -1) return;
    const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString('latin1'))[1]);
    if (buffer.length < headerEnd + 4 + length) return;
    const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8'));
    buffer = buffer.subarray(headerEnd + 4 + length);
    if (message.method === 'exit') process.exit(0);
    if (message.id !== undefined) {
      const answer = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: message.method === 'initialize' ? { capabilities: {} } : null });
      process.stdout.write(`Content-Length: ${Buffer.byteLength(answer)}\r\n\r\n${answer}`);
    }
  }
});
