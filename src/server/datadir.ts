import fs from 'node:fs';

/** The data dir and everything in it are the server's alone: 0700 for the dir, 0600 for files. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const looser = (mode: number, wanted: number) => (mode & 0o777 & ~wanted) !== 0;
const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/**
 * The one place that creates the data dir (0700, whatever the umask). Returns warnings for an
 * existing dir that other local users can read or enter; it is left as the operator set it.
 */
export function ensurePrivateDir(dir: string): string[] {
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // mkdir applies the umask; chmod does not.
    fs.chmodSync(dir, PRIVATE_DIR_MODE);
    return [];
  }
  const { mode } = fs.statSync(dir);
  return looser(mode, PRIVATE_DIR_MODE)
    ? [`the data directory ${dir} has mode ${octal(mode)}: other local users may read it; run chmod 700 on it`]
    : [];
}

/** A warning when `file` (a key) is readable by others than its owner. */
export function checkPrivateFile(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  const { mode } = fs.statSync(file);
  return looser(mode, PRIVATE_FILE_MODE) ? [`${file} has mode ${octal(mode)}: other local users may read it; run chmod 600 on it`] : [];
}

/**
 * Creates `file` empty with 0600 when missing, and takes group/other bits off it when present.
 * SQLite gives its -wal and -shm files the mode of the database file, so this covers them too.
 */
export function ensurePrivateFile(file: string): void {
  if (!fs.existsSync(file)) {
    fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  }
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(path) && looser(fs.statSync(path).mode, PRIVATE_FILE_MODE)) fs.chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/** `server.<pid>.pid` in the data dir: one per running server (several may share a data dir). */
const PID_FILE = /^server\.(\d+)\.pid$/;

/** Marks the data dir as used by this process until `removePidFile` (restore refuses while any is alive). */
export function writePidFile(dataDir: string, pid = process.pid): string {
  const file = pidFileOf(dataDir, pid);
  fs.writeFileSync(file, `${pid}\n`, { mode: PRIVATE_FILE_MODE });
  return file;
}

export function pidFileOf(dataDir: string, pid = process.pid): string {
  return `${dataDir}/server.${pid}.pid`;
}

export function removePidFile(file: string): void {
  fs.rmSync(file, { force: true });
}

/**
 * Pids of servers running on the data dir: those of its pid files whose process is alive. Files
 * left by a server that was killed (SIGKILL, a crash) are removed on the way.
 */
export function runningServers(dataDir: string): number[] {
  if (!fs.existsSync(dataDir)) return [];
  const alive: number[] = [];
  for (const name of fs.readdirSync(dataDir)) {
    const match = PID_FILE.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (isAlive(pid)) alive.push(pid);
    else fs.rmSync(`${dataDir}/${name}`, { force: true });
  }
  return alive;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
