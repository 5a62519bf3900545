/// <reference types="node" />

/** `0100007F:1F90` (/proc/net/tcp) or its IPv6 form as `127.0.0.1:8080` or `[::1]:8080`. */
function procAddress(hex: string): string {
  const [host = '', port = ''] = hex.split(':');
  const bytes = Buffer.from(host, 'hex');
  // The kernel writes each 32-bit word in the machine's order (little-endian here).
  for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse();
  const address =
    bytes.length === 4
      ? bytes.join('.')
      : new URL(`http://[${bytes.toString('hex').replace(/(.{4})(?!$)/g, '$1:')}]`).hostname;
  return `${address}:${Number.parseInt(port, 16)}`;
}

/** What `lsof` lists process `pid` listening on (macOS, the BSDs): `*` being every interface. */
async function lsofListening(pid: number): Promise<string[]> {
  const { execFile } = await import('node:child_process');
  const args = ['-nP', '-a', '-p', String(pid), '-iTCP', '-sTCP:LISTEN', '-Fn'];
  const out = await new Promise<string>((resolve, reject) => {
    execFile('lsof', args, (error, stdout) => (error && !stdout ? reject(error) : resolve(stdout)));
  });
  return out
    .split('\n')
    .filter((line) => line.startsWith('n'))
    .map((line) => line.slice(1).replace(/^\*:/, '[::]:'))
    .sort();
}

/**
 * The TCP addresses process `pid` listens on (`127.0.0.1:3000`, `[::]:24678`), read from Linux's
 * /proc (its sockets' inodes, matched against the listening sockets of its network namespace),
 * or from `lsof` where there is no /proc. How a test checks that a server listens where it was
 * told and nowhere else.
 */
export async function listeningSockets(pid: number): Promise<string[]> {
  const { access, readdir, readlink, readFile } = await import('node:fs/promises');
  if (
    !(await access(`/proc/${pid}/net/tcp`).then(
      () => true,
      () => false,
    ))
  ) {
    return lsofListening(pid);
  }
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
    if (inode) inodes.add(inode);
  }
  const found: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const text = await readFile(`/proc/${pid}/net/${table}`, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // fields: sl, local address, remote address, state (0A: LISTEN), …, inode (10th)
      if (fields[3] === '0A' && inodes.has(fields[9]!)) found.push(procAddress(fields[1]!));
    }
  }
  return found.sort();
}
