import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freeLoopbackPort } from './free-port';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 180_000;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** `kill -9` of the whole process group: the server dies mid-flight, as in a crash. */
  crash(): Promise<void>;
  /** SIGTERM to the group, then waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Runs `npm start`'s server (`src/server/main.ts`) as a child process in its own process group,
 * optionally under a wrapper command (e.g. `strace -f -o …`), and waits until it answers.
 * @param env - the server's environment on top of this process's (DATA_DIR, DATABASE_URL…)
 * @param wrapper - a command and its arguments the server runs under
 */
export async function startServerProcess(
  env: Record<string, string>,
  wrapper: string[] = [],
): Promise<ServerProcess> {
  const port = await freeLoopbackPort();
  const serverCommand = [path.join(ROOT, 'node_modules/.bin/tsx'), 'src/server/main.ts'];
  const [command = '', ...args] = [...wrapper, ...serverCommand];
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, LOG_LEVEL: 'silent', ...env, PORT: String(port) },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    process.kill(-child.pid, signal);
    await exited;
  };
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await signalGroup('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    crash: () => signalGroup('SIGKILL'),
    stop: () => signalGroup('SIGTERM'),
  };
}
