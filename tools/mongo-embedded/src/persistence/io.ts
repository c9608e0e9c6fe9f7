// File writes for the journal and snapshots: every write is checked for a short count and
// continued until all bytes are down, and a test hook simulates a disk that fills up.
import fs from 'node:fs';

/**
 * Fault injection for tests: MONGO_EMBEDDED_DISK_BYTES=N makes the process behave as on a disk
 * with N free bytes. A write that does not fit writes what fits (a short write); the next one
 * fails with ENOSPC, as a full file system answers.
 */
let freeBytes: number | undefined = process.env.MONGO_EMBEDDED_DISK_BYTES
  ? Number(process.env.MONGO_EMBEDDED_DISK_BYTES)
  : undefined;

/** Sets (or clears, with undefined) the simulated free space; for in-process tests. */
export function simulateFreeBytes(bytes: number | undefined): void {
  freeBytes = bytes;
}

function noSpace(): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error('ENOSPC: no space left on device, write');
  error.code = 'ENOSPC';
  error.errno = -28;
  error.syscall = 'write';
  return error;
}

function allowed(length: number): number {
  if (freeBytes === undefined) return length;
  if (freeBytes <= 0) throw noSpace();
  const granted = Math.min(length, freeBytes);
  freeBytes -= granted;
  return granted;
}

function writeOnce(fd: number, data: Buffer, offset: number, length: number): Promise<number> {
  return new Promise((resolve, reject) =>
    fs.write(fd, data, offset, length, null, (error, written) =>
      error ? reject(error) : resolve(written),
    ),
  );
}

/** Writes all of `data` at the file's position; a short write is continued, never ignored. */
export async function writeFully(fd: number, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const written = await writeOnce(fd, data, offset, allowed(data.length - offset));
    if (written <= 0) throw noSpace();
    offset += written;
  }
}

/** The synchronous twin of writeFully, for start-up and offline tools. */
export function writeFullySync(fd: number, data: Buffer): void {
  let offset = 0;
  while (offset < data.length) {
    const written = fs.writeSync(fd, data, offset, allowed(data.length - offset));
    if (written <= 0) throw noSpace();
    offset += written;
  }
}

export function fdatasync(fd: number): Promise<void> {
  return new Promise((resolve, reject) =>
    fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())),
  );
}

export function fsync(fd: number): Promise<void> {
  return new Promise((resolve, reject) =>
    fs.fsync(fd, (error) => (error ? reject(error) : resolve())),
  );
}

export function fsyncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
