/**
 * The guard of a temporary folder, run as its own process by guardTempFolder (owned-temp-folder.ts):
 * its standard input is a pipe from the folder's owner, which closes when the owner ends,
 * however it ends, or releases the folder. Then the guard removes the folder, first stopping any
 * PostgreSQL running from it, and exits.
 */
import { removeTempFolder } from './owned-temp-folder';

const folder = process.argv[2];
if (!folder) throw new Error('usage: temp-folder-guard.ts <folder>');
process.stdin.on('error', () => undefined);
process.stdin.once('close', () => void removeTempFolder(folder));
process.stdin.resume();
